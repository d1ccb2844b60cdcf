-- One database per service (each service owns its own; none reads another's). Runs once, on an empty volume.
CREATE DATABASE studio;
CREATE DATABASE gallery;
CREATE DATABASE upload;
CREATE DATABASE search;
CREATE DATABASE webhooks;
