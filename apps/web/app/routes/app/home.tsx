export default function AppHome() {
  return (
    <section className="p-6">
      <h1 className="text-2xl font-semibold">Your vault</h1>
    </section>
  );
}
