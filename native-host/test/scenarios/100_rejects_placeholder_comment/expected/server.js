import http from 'node:http';

const routes = new Map();
routes.set('/', () => 'home');
routes.set('/about', () => 'about');

export function start() {
  http.createServer((req, res) => res.end(routes.get(req.url)?.() ?? '404')).listen(8080);
}
