const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, intro: string, url: string, action: string, footer: string) {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f5f6f8;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escape(title)}</h1>
<p style="color:#333">${escape(intro)}</p>
<p><a href="${escape(url)}" style="display:inline-block;background:#1f4fd1;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(action)}</a></p>
<p style="color:#666;font-size:13px">${escape(footer)}</p>
<p style="color:#666;font-size:12px;word-break:break-all">${escape(url)}</p></div></body></html>`;
  const text = `${title}\n\n${intro}\n\n${action}: ${url}\n\n${footer}\n`;
  return { html, text };
}

export function signInMail(to: string, url: string) {
  return {
    to,
    subject: "Your sign-in link for Credentials Administration",
    ...layout("Sign in", "Use this link to sign in. It works once.", url, "Sign in", "If you did not ask for this e-mail, you can ignore it."),
  };
}

export function inviteMail(to: string, name: string, district: string, url: string) {
  return {
    to,
    subject: `You are invited to ${district} on Credentials Administration`,
    ...layout(
      `Welcome, ${name}`,
      `${district} has invited you to its Credentials Administration Service.`,
      url,
      "Accept the invitation and sign in",
      "The link works once and expires in 7 days. You can always ask for a new one on the sign-in page.",
    ),
  };
}
