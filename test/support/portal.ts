/** The one origin the black-box gateway admits for CORS (a client portal page); global-setup sets CORS_ORIGINS to it. */
export const PORTAL_ORIGIN = 'http://127.0.0.1:5173';
