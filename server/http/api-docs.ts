import { html } from "hono/html";

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string }>;
};

type Document = { info: { title: string; description?: string }; paths?: object };

const METHODS = ["get", "post", "put", "patch", "delete"];

/** A small reader page for /api/openapi.json: no script, no third-party assets. */
export function renderApiDocs(doc: Document) {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation | undefined>>;
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m] as Operation })),
  );
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${doc.info.title}</title>
    <style>
      body { font: 15px/1.5 system-ui, sans-serif; max-width: 960px; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
      section { border: 1px solid #e5e7eb; border-radius: 8px; padding: 0.75rem 1rem; margin: 0.75rem 0; }
      .method { display: inline-block; min-width: 4.5rem; font-weight: 700; text-transform: uppercase; }
      code, pre { background: #f3f4f6; border-radius: 4px; padding: 0 0.25rem; }
      pre { padding: 0.5rem; overflow-x: auto; font-size: 13px; }
    </style>
  </head>
  <body>
    <h1>${doc.info.title}</h1>
    <p>${doc.info.description ?? ""} The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
    ${operations.map(
      ({ path, method, op }) => html`<section>
        <h2><span class="method">${method}</span> <code>/api${path}</code></h2>
        <p>${op.summary ?? ""}</p>
        ${op.description ? html`<p>${op.description}</p>` : ""}
        ${
          op.parameters?.length
            ? html`<h3>Parameters</h3><ul>${op.parameters.map(
                (p) =>
                  html`<li><code>${p.name}</code> (${p.in}${p.required ? ", required" : ""})</li>`,
              )}</ul>`
            : ""
        }
        ${
          op.requestBody?.content?.["application/json"]?.schema
            ? html`<h3>Body</h3><pre>${JSON.stringify(op.requestBody.content["application/json"].schema, null, 2)}</pre>`
            : ""
        }
        <h3>Responses</h3>
        <ul>${Object.entries(op.responses ?? {}).map(
          ([status, r]) => html`<li><code>${status}</code> ${r.description ?? ""}</li>`,
        )}</ul>
      </section>`,
    )}
  </body>
</html>`;
}
