import type { Context } from 'hono';

/** The request body as a JSON object, or null when it is not one (Daraja answers 400.002.02). */
export async function readJsonObject(c: Context): Promise<Record<string, unknown> | null> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    return null;
  }
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
