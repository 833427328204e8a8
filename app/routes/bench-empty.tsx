/**
 * An empty page of this build: the root document (inline stylesheet, theme script, React and
 * React Router hydration) with one heading and nothing of the shop's layout. `npm run bench`
 * measures it as the floor of the stack (DESIGN §7). Nothing links to it; it carries the meta
 * tags Lighthouse's SEO audit expects, so the floor's SEO score compares with the shop's pages
 * (a `noindex` would fail that audit).
 */
export function meta() {
  return [
    { title: "Empty page" },
    { name: "description", content: "An empty page: the floor of the shop's benchmarks." },
  ];
}

export default function BenchEmptyPage() {
  return (
    <main className="p-4">
      <h1 className="text-2xl font-bold">Empty page</h1>
      <p className="mt-2">The floor of the stack for the benchmarks.</p>
    </main>
  );
}
