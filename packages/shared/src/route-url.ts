// A route's URL from its key in the route table (routes.ts): `'GET /api/account/:id/alias/:aliasId'`
// with `{ id: 1, aliasId: 2 }` is `/api/account/1/alias/2`. Plain code with no zod, so the SPA and
// the extension bundle it without the table's schemas.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
/** A route of the table: its method and its path, with `:name` for each path parameter. */
export type RoutePattern = `${HttpMethod} /${string}`;

type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;
type Names<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | Names<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;
/** The names of a route's path parameters: `'id' | 'aliasId'`. */
export type ParamNames<K extends string> = Names<PathOf<K>>;
export type PathParams<K extends string> = { [N in ParamNames<K>]: string | number };

/** A query value: left out when undefined or null. */
export type QueryValue = string | number | boolean | null | undefined;

/** The URL of route `key`: each `:name` replaced by its parameter, encoded, and the query appended. */
export function routeUrl(key: RoutePattern, params: Record<string, string | number> = {}, query: object = {}): string {
  const path = key.slice(key.indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${key}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query) as Array<[string, QueryValue]>) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The method of route `key`. */
export const routeMethod = <K extends RoutePattern>(key: K) =>
  key.slice(0, key.indexOf(' ')) as K extends `${infer M} ${string}` ? M : never;
