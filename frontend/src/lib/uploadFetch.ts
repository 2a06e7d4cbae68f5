/**
 * The fetch of the GraphQL link, with upload progress: a request whose fetch options carry
 * `onProgress` (an upload: a prescription photo) goes by XMLHttpRequest, whose upload reports how
 * much has been sent; every other request is a plain fetch. A mutation asks for it through Apollo's
 * context: `context: { fetchOptions: { onProgress: (fraction) => … } }`.
 */
export type UploadProgress = (fraction: number) => void;
export type ProgressInit = RequestInit & { onProgress?: UploadProgress };

function headerPairs(headers: HeadersInit | undefined): [string, string][] {
  if (!headers) return [];
  if (headers instanceof Headers) return [...headers.entries()];
  if (Array.isArray(headers)) return headers as [string, string][];
  return Object.entries(headers);
}

export function uploadFetch(input: RequestInfo | URL, init: ProgressInit = {}): Promise<Response> {
  const { onProgress, ...options } = init;
  if (!onProgress || typeof XMLHttpRequest === 'undefined') return fetch(input, options);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', String(input));
    for (const [k, v] of headerPairs(options.headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total)); };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(options.body as XMLHttpRequestBodyInit | null);
  });
}
