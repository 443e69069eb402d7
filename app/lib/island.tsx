import { type ComponentType, lazy, memo, Suspense, useEffect } from 'react'
import { whenIdle } from './idle.ts'

type Module<P> = { default: ComponentType<P> }

// Islands whose code the browser has asked for and that have not yet taken their part of the page over.
const waiting = new Set<Promise<void>>()

/**
 * Resolves once every island the page has started has taken its part over. The page says it has
 * hydrated only then (app/root.tsx): the browser tests wait for that before they tap.
 */
export async function islandsSettled(): Promise<void> {
  while (waiting.size > 0) await Promise.all(waiting)
}

/**
 * A part of a page below its first screen whose code comes once the page is idle (docs/decisions/105).
 * The server renders it in full, so it is on the page at once and works as plain links and forms; the
 * browser keeps that markup as it is until the island's code has arrived, then hydrates it. Everything
 * above it takes the page over first, with less code to fetch and run.
 *
 * On the server, and in the browser once the code is here (a later visit of the page in the same tab),
 * the island renders at once: `preload()` in the route's loaders makes sure of that. If its code never
 * arrives (the connection dropped), the part stays as the server sent it rather than becoming an error.
 */
export function island<P extends object>(
  load: () => Promise<Module<P>>,
  same?: (before: Readonly<P>, after: Readonly<P>) => boolean,
) {
  let loaded: Module<P> | undefined
  let loading: Promise<Module<P>> | undefined
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module
      return module
    })
    return loading
  }
  // The server has every island's code at hand before its first page.
  if (typeof document === 'undefined') void preload()
  let settle: (() => void) | undefined
  // Counted from the island's first render in the browser, before its boundary hydrates (React hydrates
  // a boundary after the page around it has taken over).
  const track = () => {
    if (settle || loaded || typeof document === 'undefined') return
    const settled: Promise<void> = new Promise<void>((resolve) => {
      settle = resolve
    }).then(() => {
      waiting.delete(settled)
    })
    waiting.add(settled)
  }
  const Part = lazy((): Promise<Module<P>> => {
    // A thenable that answers at once: React renders a loaded island without suspending.
    // biome-ignore lint/suspicious/noThenProperty: React's lazy reads this thenable and finds it resolved
    if (loaded) return { then: (resolve: (m: Module<P>) => void) => resolve(loaded as Module<P>) } as never
    if (typeof document === 'undefined') return preload()
    return new Promise<void>((resolve) => whenIdle(resolve))
      .then(preload)
      .catch(() => new Promise<never>(() => {}))
  })
  // biome-ignore lint/correctness/noComponentHookFactories: island() runs once per island, at module level, like lazy()
  function Settled() {
    useEffect(() => settle?.(), [])
    return null
  }
  // memo: a page's own re-render (its idle flag) passes the same data, so it does not reach a part still
  // waiting for its code (React would otherwise give up the server's markup and render it afresh); `same`
  // compares data that comes anew with equal content (the root's, after each navigation).
  // biome-ignore lint/correctness/noComponentHookFactories: island() runs once per island, at module level, like lazy()
  const Island = memo(function Island(props: P) {
    track()
    return (
      <Suspense>
        <Part {...props} />
        <Settled />
      </Suspense>
    )
  }, same)
  return Object.assign(Island, { preload })
}
