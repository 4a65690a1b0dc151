export default function Home() {
  return <h1 className="text-3xl font-bold p-8">Let your skills shine. Gain real experience today.</h1>;
}
