export default function Home() {
  return <h1>Nodus</h1>
}
