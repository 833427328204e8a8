// Placeholder: the storefront issue writes the real rules and the sitemap link.
export function loader() {
  return new Response("User-agent: *\nAllow: /\n", { headers: { "Content-Type": "text/plain" } });
}
