import { useTitle } from '../../lib/title';

/** docs/product.md §2 "/about". */
export default function AboutPage() {
  useTitle('About');
  return (
    <article className="page page-narrow prose" aria-labelledby="about-title">
      <h1 id="about-title">About</h1>
      <p>
        Alias Mail gives you many addresses on a shared mail domain, each with its own inbox. When a service leaks or sells your
        address, you know which one it was, and you can switch that alias off without touching the others.
      </p>
      <h2>How it keeps your mail private</h2>
      <ul>
        <li>Messages, attachments and notes are encrypted at rest with keys per account and per alias.</li>
        <li>HTML mail is cleaned on the server and shown in a sandboxed frame that runs no scripts.</li>
        <li>Remote images, and the tracking they carry, load only when you ask for them.</li>
        <li>The sender's real address is always shown next to the name they chose.</li>
      </ul>
      <h2>Access</h2>
      <p>Registration is currently closed. Accounts are opened by invitation.</p>
    </article>
  );
}
