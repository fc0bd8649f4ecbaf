// The image's HEALTHCHECK: GET the URL given (default: the api's /health on PORT), exit 0 on 2xx.
// The mx and the worker are checked on METRICS_PORT's /health (see docker-compose.yml).
const url = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/health`;
try {
  const res = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
