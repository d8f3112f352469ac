import { escapeHtml } from '../../lib/html.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
};
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};
export type OpenApiDocument = { info: { title: string; version: string; description?: string }; paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** A schema's type in a few words: "string", "number[]", "one of 'a', 'b'". */
function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  return type === 'array' ? `${typeOf(schema.items)}[]` : type;
}

function fieldRows(schema: JsonSchema | undefined): string {
  const properties = Object.entries(schema?.properties ?? {});
  if (properties.length === 0) return '<p class="none">No fields.</p>';
  const required = new Set(schema?.required ?? []);
  return `<table><tbody>${properties
    .map(
      ([name, field]) =>
        `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? '' : ' <span>optional</span>'}</td><td>${escapeHtml(typeOf(field))}</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

function operationHtml(method: string, path: string, operation: Operation): string {
  const parameters = operation.parameters ?? [];
  const body = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
  const answer = Object.values(operation.responses?.['200']?.content ?? operation.responses?.['201']?.content ?? {})[0]?.schema;
  const data = answer?.properties?.data;
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  return `<section class="op">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> ${isPublic ? '<span class="tag">public</span>' : '<span class="tag">session</span>'}</h3>
${operation.summary ? `<p>${escapeHtml(operation.summary)}${operation.operationId ? ` <code class="id">${escapeHtml(operation.operationId)}</code>` : ''}</p>` : ''}
${parameters.length ? `<h4>Parameters</h4><table><tbody>${parameters.map((p) => `<tr><td><code>${escapeHtml(p.name)}</code> <span>${escapeHtml(p.in)}${p.required ? '' : ', optional'}</span></td><td>${escapeHtml(typeOf(p.schema))}</td></tr>`).join('')}</tbody></table>` : ''}
${body ? `<h4>Body</h4>${fieldRows(body)}` : ''}
${data ? `<h4>Answer <code>data</code>: ${escapeHtml(typeOf(data))}</h4>${data.type === 'object' ? fieldRows(data) : data.items?.type === 'object' ? fieldRows(data.items) : ''}` : ''}
</section>`;
}

/** `/api/docs`: the reference for integrators, read from the OpenAPI document (so it lists exactly what runs), by tag. */
export function apiReferencePage(document: OpenApiDocument): string {
  const groups = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of METHODS) {
      const operation = item[method];
      const group = operation?.tags?.[0] ?? path.split('/')[2] ?? path;
      if (operation) groups.set(group, [...(groups.get(group) ?? []), operationHtml(method, path, operation)]);
    }
  }
  const count = [...groups.values()].reduce((n, ops) => n + ops.length, 0);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Manufacturing Masters</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#1a1b1e;background:#f8f9fa}
main{max-width:960px;margin:0 auto;padding:24px 16px}
h1{margin:0 0 4px}h2{margin:32px 0 8px;border-bottom:1px solid #dee2e6;padding-bottom:4px}
.op{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:12px 16px;margin:8px 0}
.op h3{margin:0;font-size:15px;display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.op h4{margin:12px 0 4px;font-size:13px;color:#495057}
.op p{margin:6px 0 0;font-size:14px}.op .id{font-size:12px;color:#495057}
.method{font-size:12px;font-weight:700;padding:2px 8px;border-radius:4px;color:#fff;background:#1864ab}
.method.post{background:#2b8a3e}.method.put{background:#e67700}.method.delete{background:#c92a2a}
.tag{font-size:12px;color:#495057;border:1px solid #adb5bd;border-radius:10px;padding:0 8px}
table{border-collapse:collapse;width:100%;font-size:13px}td{border-top:1px solid #f1f3f5;padding:4px 8px;vertical-align:top}
td span,.none{color:#495057;font-size:12px}
</style></head>
<body><main>
<h1>${escapeHtml(document.info.title)}</h1>
<p>Version ${escapeHtml(document.info.version)} · ${count} operations · machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1)</p>
<p>${escapeHtml(document.info.description ?? '')}</p>
<p>Failures answer <code>{ success: false, error_messages, error_code, code }</code> with a truthful HTTP status; <code>code</code> is one of the values listed in the document.</p>
${[...groups.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([group, ops]) => `<h2>${escapeHtml(group)}</h2>${ops.join('\n')}`)
  .join('\n')}
</main></body></html>`;
}
