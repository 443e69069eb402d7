import { createRoot, type Root } from 'react-dom/client'

/**
 * A React root on a stand-in element, for the hook tests that run without a browser (the query store, the pay
 * flow): React only needs an element to attach to, never to draw into.
 */
export function createTestRoot(): Root {
  const host = Object.assign(new EventTarget(), {
    nodeType: 1,
    nodeName: 'DIV',
    tagName: 'DIV',
    firstChild: null,
    ownerDocument: document,
  })
  return createRoot(host as unknown as HTMLElement)
}
