/**
 * A request's query string, written as the app's calls have always sent them (axios's default):
 * undefined and null left out, arrays as `key[]=a&key[]=b`, dates as ISO text, objects as JSON.
 */
export function queryString(params: object | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (value instanceof Date) search.append(key, value.toISOString());
    else if (typeof value === 'object') search.append(key, JSON.stringify(value));
    else search.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const item of value) add(`${key}[]`, item);
    else add(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of a call: a path of the API's origin (the app's base path is /) with its query. */
export function requestUrl(url: string, params: object | undefined): string {
  const path = /^(https?:)?\/\//.test(url) || url.startsWith('/') ? url : `/${url}`;
  const query = queryString(params);
  if (!query) return path;
  return path.includes('?') ? `${path}&${query.slice(1)}` : `${path}${query}`;
}
