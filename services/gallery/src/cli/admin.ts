/**
 * Operator CLI of the gallery service. `--json` prints exactly one JSON line on stdout. Bad arguments (and an
 * unknown gallery or portal) print a message on stderr and exit 2; any other failure exits 1. `--help` / `-h`
 * prints the usage (after a command: that command's) on stdout and exits 0. Reads only what its commands use
 * (config.ts galleryOperatorEnvSchema): DATABASE_URL, and for portal-link PORTAL_TOKEN_KEY and PUBLIC_URL.
 *
 *   suspend-portal (--gallery G | --prefix P)          -> {"gallery_id","portal":{prefix,state,expires_at,created_at}}
 *   expire-portal  (--gallery G | --prefix P)          -> same
 *   create-album --gallery G --title T [--description D] [--photos id,id,...]   -> the album's JSON
 *
 * Run: npm run -s admin -w @studio/gallery-service -- <command> [options] [--json]
 *  or: npx tsx services/gallery/src/cli/admin.ts <command> [options] [--json]
 */
import { runCli, UsageError, type Command, type Options } from '@studio/process/cli';
import type { GalleryOperatorCore } from '../core.js';

function portalRef(options: Options): { galleryId?: string; prefix?: string } {
  if ((options.gallery === undefined) === (options.prefix === undefined)) throw new UsageError('give exactly one of --gallery or --prefix');
  return { galleryId: options.gallery, prefix: options.prefix };
}

const COMMANDS: Record<string, Command<GalleryOperatorCore>> = {
  'portal-link': {
    usage: 'portal-link (--gallery GALLERY_ID | --prefix PORTAL_PREFIX)',
    description: "(the customer's link to the gallery, <PUBLIC_URL>/portal/#<portal token>, and the portal's state)",
    options: ['gallery', 'prefix'],
    required: [],
    run: async ({ operator }, options) => ({ ...(await operator.portalLink(portalRef(options))) }),
  },
  'suspend-portal': {
    usage: 'suspend-portal (--gallery GALLERY_ID | --prefix PORTAL_PREFIX)',
    options: ['gallery', 'prefix'],
    required: [],
    run: async ({ operator }, options) => ({ ...(await operator.suspendPortal(portalRef(options))) }),
  },
  'expire-portal': {
    usage: 'expire-portal (--gallery GALLERY_ID | --prefix PORTAL_PREFIX)',
    options: ['gallery', 'prefix'],
    required: [],
    run: async ({ operator }, options) => ({ ...(await operator.expirePortal(portalRef(options))) }),
  },
  'create-album': {
    usage: 'create-album --gallery GALLERY_ID --title TITLE [--description TEXT] [--photos PHOTO_ID,PHOTO_ID,...]',
    description: '(without --photos the album holds every photo of the gallery, in gallery order)',
    options: ['gallery', 'title', 'description', 'photos'],
    required: ['gallery', 'title'],
    run: async ({ operator }, options) => {
      const photoIds =
        options.photos === undefined
          ? undefined
          : options.photos
              .split(',')
              .map((p) => p.trim())
              .filter((p) => p.length > 0);
      if (photoIds && photoIds.length === 0) throw new UsageError('--photos names no photo');
      return {
        album: await operator.createAlbum({
          galleryId: options.gallery!,
          title: options.title!,
          description: options.description,
          photoIds,
        }),
      };
    },
  },
};

export const USAGE = `usage: admin <command> [options] [--json]
       admin [<command>] --help
commands:
${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}${c.description ? `\n               ${c.description}` : ''}`)
  .join('\n')}`;

process.exitCode = await runCli({
  commands: COMMANDS,
  usage: USAGE,
  async open() {
    // Loaded only for a valid command line, so usage errors answer at once.
    const [{ loadGalleryOperatorConfig }, { createGalleryOperatorCore }, { createLogger }] = await Promise.all([
      import('../config.js'),
      import('../core.js'),
      import('@studio/logger'),
    ]);
    return createGalleryOperatorCore(loadGalleryOperatorConfig(), createLogger({ service: 'gallery-admin', level: 'silent' }));
  },
  close: (core) => core.close(),
});
