// Placeholder until its issue builds this screen; replaced before it ships.
export default function ProductDetails() {
  return (
    <main className="mx-auto max-w-[1200px] px-4 py-8">
      <h1 className="text-2xl font-bold">Product</h1>
    </main>
  );
}
