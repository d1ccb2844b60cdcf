// Container health probe without curl (node:*-slim has none): GET http://127.0.0.1:$HEALTH_PORT<path>, exit 0
// on a 2xx answer within 2 s, else 1. HEALTH_PORT is the process's admin port (its API port serves no ops path;
// the Dockerfile sets it from the build argument of the same name). The path defaults to $HEALTH_PATH or /healthz
// (liveness); compose passes /readyz so that depends_on: service_healthy waits for readiness.
const port = process.env.HEALTH_PORT;
const path = process.argv[2] ?? process.env.HEALTH_PATH ?? '/healthz';
if (!port) {
  console.error('healthcheck: HEALTH_PORT is not set');
  process.exit(1);
}
try {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(2000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
