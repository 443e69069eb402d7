import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

/**
 * The page's code comes after its first paint (docs/decisions/105). React Router writes a preload of each
 * script in the head and one module script that imports them; on a slow link those 140 KB share the line
 * with the stylesheets and the first screen's pictures, and running them holds the paint back. So the
 * markup is amended on its way out: the preloads leave the head, the module script is kept as an inert
 * block, and a small script puts both back once the first frame has been painted (at once in a hidden
 * tab, which paints nothing). Tags cut in two between chunks are held back until their end has come.
 */
export function scriptsAfterFirstPaint() {
  const preloads: string[] = []
  let held = ''
  // A Hindi letter cut in two between chunks is joined before it is read.
  const decoder = new StringDecoder('utf8')
  const amend = (text: string) =>
    text
      .replace(/<link rel="modulepreload" href="([^"]+)"[^>]*>/g, (_, href: string) => {
        preloads.push(href)
        return ''
      })
      .replace(/<script((?: nonce="[^"]*")?) type="module" async="">/, (_, nonce: string) => {
        const loader = pageCodeLoader(preloads)
        return `<script${nonce}>${loader}</script><script${nonce} type="${pageCodeType}" id="${pageCodeId}">`
      })
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const text = held + decoder.write(chunk)
      // Keep back a tag not yet closed, to be read whole with the next chunk.
      const open = text.lastIndexOf('<')
      const keep = open >= 0 && text.indexOf('>', open) < 0 ? text.length - open : 0
      held = text.slice(text.length - keep)
      done(null, amend(text.slice(0, text.length - keep)))
    },
    flush(done) {
      done(null, amend(held + decoder.end()))
    },
  })
}

export const pageCodeId = 'page-code'
const pageCodeType = 'text/x-page-code'

/**
 * The classic script that starts the page's code after the first paint: its preloads, then its module. It
 * waits for the whole block: on a page still streaming, the block's element exists as soon as its start tag
 * is read, before all its text has come, and a module made from half of it would never run (the page would
 * stay without its code). So it waits until the parser has passed the block (something follows it) or the
 * document is read to its end, looking again every 16 ms.
 */
export function pageCodeLoader(preloads: string[]) {
  const files = JSON.stringify(preloads).replaceAll('<', '\\u003c')
  return `(()=>{let started=false;const go=()=>{if(started)return;const o=document.getElementById(${JSON.stringify(pageCodeId)});if(!o||(!o.nextSibling&&document.readyState==="loading")){setTimeout(go,16);return}started=true;for(const href of ${files}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}const s=document.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;o.after(s)};if(document.visibilityState==="hidden")go();else requestAnimationFrame(()=>setTimeout(go,0))})()`
}
