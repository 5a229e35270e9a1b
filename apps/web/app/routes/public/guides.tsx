export default function Page() {
  return (
    <section className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-semibold capitalize">guides</h1>
    </section>
  );
}
