import { useState } from 'react'

/**
 * Shows a stored e-mail as its recipient sees it, inside a sandboxed frame: no scripts, no same-origin
 * access, and its own CSP on top of the console's. The HTML never becomes part of the console page.
 */
const frameCsp =
  "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; font-src https: data:"

export function mailFrameDocument(html: string) {
  const head = `<meta http-equiv="Content-Security-Policy" content="${frameCsp}"><base target="_blank">`
  // The policy must come before anything the e-mail loads: put it first in <head>, or first of all.
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (m) => `${m}${head}`) : `${head}${html}`
}

export function MailPreview({ html, text, title }: { html: string; text: string; title: string }) {
  const [view, setView] = useState<'phone' | 'wide' | 'text'>('phone')
  const tab = (id: typeof view, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={view === id}
      onClick={() => setView(id)}
      className={`min-h-11 rounded border px-3 py-1.5 text-sm font-semibold ${view === id ? 'border-brand-600 bg-brand-600 text-white' : 'border-brand-200 bg-white text-brand-800'}`}
    >
      {label}
    </button>
  )
  return (
    <div>
      <div role="tablist" aria-label="How to show the e-mail" className="mb-2 flex flex-wrap gap-2">
        {tab('phone', 'Phone width')}
        {tab('wide', 'Full width')}
        {tab('text', 'Plain text')}
      </div>
      {view === 'text' ? (
        <pre className="max-h-[70vh] overflow-auto whitespace-pre-wrap break-words rounded border border-brand-200 bg-white p-3 text-sm">
          {text}
        </pre>
      ) : (
        <div className="overflow-x-auto rounded border border-brand-200 bg-stone-100 p-2">
          <iframe
            title={title}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            srcDoc={mailFrameDocument(html)}
            className="mx-auto block h-[70vh] rounded bg-white"
            style={{ width: view === 'phone' ? 390 : '100%', maxWidth: '100%' }}
          />
        </div>
      )}
    </div>
  )
}
