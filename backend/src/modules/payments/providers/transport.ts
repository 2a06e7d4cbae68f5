import { ProviderUnavailableError } from './provider.js';

/** A JSON request to a provider and its answer. Adapters never call fetch themselves. */
export interface GatewayRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface GatewayResponse {
  status: number;
  body: Record<string, unknown>;
}

export type GatewayTransport = (req: GatewayRequest) => Promise<GatewayResponse>;

/** Over the network, with a timeout: a timeout is "unknown", never "failed" (the adapter then queries). */
export function fetchTransport(timeoutMs: number): GatewayTransport {
  return async (req) => {
    let res: Response;
    try {
      res = await fetch(req.url, {
        method: req.method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...req.headers },
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw new ProviderUnavailableError(new URL(req.url).host, (e as Error).message);
    }
    const text = await res.text();
    let body: Record<string, unknown>;
    try {
      const parsed = text ? JSON.parse(text) : {};
      body = parsed && typeof parsed === 'object' ? parsed : { value: parsed };
    } catch {
      body = { message: text.slice(0, 200) };
    }
    return { status: res.status, body };
  };
}
