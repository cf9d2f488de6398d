// Liveness: constant JSON without touching the database. Also the benchmark's framework floor.
export const GET = async () =>
  new Response('{"status":"ok"}', { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
