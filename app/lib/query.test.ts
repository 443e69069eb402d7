import { act, createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  QueryClient,
  QueryClientProvider,
  type QueryResult,
  type UseQueryOptions,
  useQuery,
} from './query.ts'
import { createTestRoot } from './test-root.ts'

type Options = UseQueryOptions<unknown, unknown>

/** A query function that answers the given values in turn (an Error is thrown) and counts its calls. */
function answers(...values: unknown[]) {
  const fn = vi.fn(async () => {
    const value = values.length > 1 ? values.shift() : values[0]
    if (value instanceof Error) throw value
    return value
  })
  return fn
}

/** A request the test answers when it chooses. */
function pending<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/**
 * Just enough of a browser for React DOM to mount components that render nothing: the hooks, their
 * effects and the store's listeners are what is under test, not markup.
 */
function stubBrowser() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' })
  vi.stubGlobal('document', document)
  vi.stubGlobal('window', Object.assign(new EventTarget(), { document, HTMLIFrameElement: class {} }))
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true)
  return document
}

/** Records every result its useQuery returns; renders nothing. */
function Probe({ o, seen }: { o: Options; seen: QueryResult<unknown>[] }) {
  seen.push(useQuery(o))
  return null
}

/** A paragraph as a page would render it. */
function Line({ o }: { o: Options }) {
  const q = useQuery(o)
  return createElement('p', null, q.isPending ? 'Loading…' : String(q.data))
}

/** Mounts one Probe per options. */
async function mount(client: QueryClient, ...options: Options[]) {
  const seen: QueryResult<unknown>[][] = options.map(() => [])
  const root = createTestRoot()
  const render = (next: Options[]) =>
    act(async () =>
      root.render(
        createElement(
          QueryClientProvider,
          { client },
          next.map((o, index) => createElement(Probe, { key: index, o, seen: seen[index] })),
        ),
      ),
    )
  await render(options)
  return {
    seen,
    last: (index = 0) => seen[index].at(-1) as QueryResult<unknown>,
    rerender: (...next: Options[]) => render(next),
    unmount: () => act(async () => root.unmount()),
  }
}

/** Lets time pass (timers, then the requests they started), inside act so React renders the results. */
const wait = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms))

describe('useQuery in the browser', () => {
  let browser: ReturnType<typeof stubBrowser>
  let client: QueryClient
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      now: new Date('2026-11-28T10:00:00Z'),
    })
    browser = stubBrowser()
    client = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1 } } })
  })
  afterEach(() => {
    vi.clearAllTimers()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('shares one entry and one request between hooks with the same key', async () => {
    const cart = answers({ items: 2 })
    const page = await mount(
      client,
      { queryKey: ['cart'], queryFn: cart },
      { queryKey: ['cart'], queryFn: cart },
    )
    expect(page.seen[0][0].isPending).toBe(true)
    await wait()
    expect(cart).toHaveBeenCalledTimes(1)
    expect(page.last(0).data).toEqual({ items: 2 })
    expect(page.last(1).data).toBe(page.last(0).data)
    await page.unmount()
  })

  it('refetches on invalidation the queries under the prefix that are on screen, and only marks the rest stale', async () => {
    const cart = answers('cart 1', 'cart 2')
    const coupons = answers('coupons 1', 'coupons 2')
    const wishlist = answers('wishlist 1', 'wishlist 2')
    const page = await mount(
      client,
      { queryKey: ['cart'], queryFn: cart },
      { queryKey: ['cart', 'coupons'], queryFn: coupons },
      { queryKey: ['wishlist'], queryFn: wishlist },
    )
    client.setQueryData(['cart', 'not shown'], 'kept')
    await wait()

    let settled = false
    await act(() =>
      client.invalidateQueries({ queryKey: ['cart'] }).then(() => {
        settled = true
      }),
    )
    expect(settled).toBe(true)
    expect(cart).toHaveBeenCalledTimes(2)
    expect(coupons).toHaveBeenCalledTimes(2)
    expect(wishlist).toHaveBeenCalledTimes(1)
    expect(page.last(0).data).toBe('cart 2')
    expect(page.last(1).data).toBe('coupons 2')
    expect(client.build(['cart', 'not shown']).isStale(10_000)).toBe(true)
    expect(client.build(['wishlist']).isStale(10_000)).toBe(false)

    await act(() => client.invalidateQueries())
    expect(wishlist).toHaveBeenCalledTimes(2)
    expect(page.last(2).data).toBe('wishlist 2')
    await page.unmount()
  })

  it('refetches on mount only data older than the staleTime', async () => {
    const orders = answers('first', 'second')
    let page = await mount(client, { queryKey: ['orders'], queryFn: orders })
    await wait()
    await page.unmount()

    await wait(5_000)
    page = await mount(client, { queryKey: ['orders'], queryFn: orders })
    expect(page.seen[0][0].data).toBe('first')
    await wait()
    expect(orders).toHaveBeenCalledTimes(1)
    await page.unmount()

    await wait(6_000)
    page = await mount(client, { queryKey: ['orders'], queryFn: orders })
    await wait()
    expect(orders).toHaveBeenCalledTimes(2)
    expect(page.last().data).toBe('second')
    await page.unmount()
  })

  it('counts initialData as fresh when the hook mounts', async () => {
    const user = answers('fetched')
    const page = await mount(
      client,
      { queryKey: ['current-user'], queryFn: user, initialData: 'from the server' },
      { queryKey: ['bookings'], queryFn: user, initialData: 'from the server', staleTime: 0 },
    )
    expect(page.seen[0][0]).toMatchObject({ data: 'from the server', status: 'success' })
    await wait()
    expect(user).toHaveBeenCalledTimes(1)
    expect(page.last(0).data).toBe('from the server')
    expect(page.last(1).data).toBe('fetched')
    await page.unmount()
  })

  it('fetches nothing while disabled and stays pending without saying it is loading', async () => {
    const orders = answers(['an order'])
    const page = await mount(client, { queryKey: ['orders'], queryFn: orders, enabled: false })
    await wait(60_000)
    await act(() => client.invalidateQueries())
    expect(orders).not.toHaveBeenCalled()
    expect(page.last()).toMatchObject({
      data: undefined,
      isPending: true,
      isLoading: false,
      isFetching: false,
    })

    await page.rerender({ queryKey: ['orders'], queryFn: orders, enabled: true })
    await wait()
    expect(orders).toHaveBeenCalledTimes(1)
    expect(page.last()).toMatchObject({ data: ['an order'], isSuccess: true })
    await page.unmount()
  })

  it('retries as often as asked, then gives the error thrown', async () => {
    const refused = new Error('refused')
    const byNumber = answers(refused)
    const byDefault = answers(refused)
    const not = answers(refused)
    const byFunction = answers(refused)
    const page = await mount(
      client,
      { queryKey: ['a'], queryFn: byNumber, retry: 2 },
      { queryKey: ['b'], queryFn: byDefault },
      { queryKey: ['c'], queryFn: not, retry: false },
      { queryKey: ['d'], queryFn: byFunction, retry: (failures) => failures < 3 },
    )
    await wait(60_000)
    expect(byNumber).toHaveBeenCalledTimes(3)
    expect(byDefault).toHaveBeenCalledTimes(2)
    expect(not).toHaveBeenCalledTimes(1)
    expect(byFunction).toHaveBeenCalledTimes(4)
    expect(page.last(0)).toMatchObject({ status: 'error', isError: true, error: refused, data: undefined })
    await page.unmount()
  })

  it('gives what select derives, from the entry other hooks share', async () => {
    const wishlist = answers({ items: ['p1', 'p2'] })
    const saved = (id: string) => (r: unknown) => (r as { items: string[] }).items.includes(id)
    const page = await mount(
      client,
      { queryKey: ['wishlist'], queryFn: wishlist, select: saved('p2') },
      { queryKey: ['wishlist'], queryFn: wishlist, select: saved('p9') },
      { queryKey: ['wishlist'], queryFn: wishlist },
    )
    await wait()
    expect(wishlist).toHaveBeenCalledTimes(1)
    expect(page.last(0).data).toBe(true)
    expect(page.last(1).data).toBe(false)
    expect(page.last(2).data).toEqual({ items: ['p1', 'p2'] })
    await page.unmount()
  })

  it('shows data set with setQueryData in every hook with the key, without a request', async () => {
    const booking = answers({ status: 'booked' })
    const page = await mount(client, { queryKey: ['bookings', 'b1'], queryFn: booking })
    await wait()
    await act(async () => client.setQueryData(['bookings', 'b1'], { status: 'cancelled' }))
    expect(page.last().data).toEqual({ status: 'cancelled' })
    await act(async () =>
      client.setQueryData<{ status: string }>(['bookings', 'b1'], (old) => ({
        status: `${old?.status}, refunded`,
      })),
    )
    expect(page.last().data).toEqual({ status: 'cancelled, refunded' })
    expect(booking).toHaveBeenCalledTimes(1)
    await page.unmount()
  })

  it('resets to the first state, refetches what is on screen, and drops an answer from before the reset', async () => {
    const before = pending<string>()
    const after = pending<string>()
    const cart = vi.fn().mockResolvedValueOnce("the first customer's cart")
    const page = await mount(client, { queryKey: ['cart'], queryFn: cart })
    await wait()
    cart.mockReturnValueOnce(before.promise).mockReturnValueOnce(after.promise)
    await act(async () => void client.invalidateQueries({ queryKey: ['cart'] }))

    await act(async () => void client.resetQueries({ queryKey: ['cart'] }))
    expect(page.last()).toMatchObject({ data: undefined, isPending: true })
    before.resolve("the first customer's new cart")
    await wait()
    expect(page.last().data).toBeUndefined()
    after.resolve("the second customer's cart")
    await wait()
    expect(cart).toHaveBeenCalledTimes(3)
    expect(page.last().data).toBe("the second customer's cart")
    await page.unmount()
  })

  it('keeps the data it had when a refetch fails, and the failure rejects nothing', async () => {
    const counts = answers({ items: 1 }, new Error('offline'))
    const page = await mount(client, { queryKey: ['cart'], queryFn: counts, retry: false })
    await wait()
    await act(() => client.invalidateQueries({ queryKey: ['cart'] }))
    expect(page.last()).toMatchObject({ data: { items: 1 }, isError: true, status: 'error' })
    expect(page.last().error?.message).toBe('offline')
    await page.unmount()
  })

  it('keeps the same data object when a refetch brings equal data', async () => {
    const settings = answers(
      { email: 'a@example.org', limits: { low: 5 } },
      { email: 'a@example.org', limits: { low: 5 } },
      { email: 'b@example.org', limits: { low: 5 } },
    )
    const page = await mount(client, { queryKey: ['admin', '/settings'], queryFn: settings })
    await wait()
    const first = page.last().data as { limits: object }
    await act(() => client.invalidateQueries())
    expect(page.last().data).toBe(first)
    await act(() => client.invalidateQueries())
    expect(page.last().data).toEqual({ email: 'b@example.org', limits: { low: 5 } })
    expect((page.last().data as { limits: object }).limits).toBe(first.limits)
    await page.unmount()
  })

  it('polls every refetchInterval while the tab is visible, and not while it is hidden', async () => {
    const counts = answers(1)
    const page = await mount(client, { queryKey: ['cart'], queryFn: counts, refetchInterval: 5_000 })
    await wait()
    await wait(5_000)
    expect(counts).toHaveBeenCalledTimes(2)
    browser.visibilityState = 'hidden'
    await wait(20_000)
    expect(counts).toHaveBeenCalledTimes(2)
    browser.visibilityState = 'visible'
    await wait(5_000)
    expect(counts).toHaveBeenCalledTimes(3)
    await page.unmount()
    await wait(20_000)
    expect(counts).toHaveBeenCalledTimes(3)
  })

  it('refetches stale queries on screen when the tab comes back', async () => {
    const fresh = answers('fresh')
    const stale = answers('stale')
    const page = await mount(
      client,
      { queryKey: ['coupons'], queryFn: fresh, staleTime: 60_000 },
      { queryKey: ['cart'], queryFn: stale },
    )
    await wait(11_000)
    await act(async () => void browser.dispatchEvent(new Event('visibilitychange')))
    await wait()
    expect(fresh).toHaveBeenCalledTimes(1)
    expect(stale).toHaveBeenCalledTimes(2)
    await page.unmount()
  })

  it('asks again when invalidated during a request, and shows the later answer', async () => {
    const poll = pending<string>()
    const cart = vi.fn().mockReturnValueOnce(poll.promise).mockResolvedValueOnce('after the add')
    const page = await mount(client, { queryKey: ['cart'], queryFn: cart })
    await act(() => client.invalidateQueries({ queryKey: ['cart'] }))
    poll.resolve('before the add')
    await wait()
    expect(cart).toHaveBeenCalledTimes(2)
    expect(page.last().data).toBe('after the add')
    await page.unmount()
  })

  it('forgets an entry no hook has read for five minutes', async () => {
    const page = await mount(client, { queryKey: ['orders'], queryFn: answers('orders') })
    await wait()
    await page.unmount()
    await wait(299_000)
    expect(client.getQueryData(['orders'])).toBe('orders')
    await wait(1_000)
    expect(client.getQueryData(['orders'])).toBeUndefined()
  })
})

describe('the query client', () => {
  it('removes the entries under a prefix, or all of them', () => {
    const client = new QueryClient()
    client.setQueryData(['cart'], 1)
    client.setQueryData(['cart', 'coupons'], 2)
    client.setQueryData(['wishlist'], 3)
    client.removeQueries({ queryKey: ['cart'] })
    expect(client.getQueryData(['cart'])).toBeUndefined()
    expect(client.getQueryData(['cart', 'coupons'])).toBeUndefined()
    expect(client.getQueryData(['wishlist'])).toBe(3)
    client.removeQueries()
    expect(client.getQueryData(['wishlist'])).toBeUndefined()
  })

  it('matches a prefix part by part, not as text', () => {
    const client = new QueryClient()
    client.setQueryData(['admin', '/staff'], 1)
    client.setQueryData(['admin', '/staff/2'], 2)
    client.setQueryData(['administration'], 3)
    expect(client.findAll({ queryKey: ['admin', '/staff'] }).map((q) => q.key)).toEqual([['admin', '/staff']])
    expect(client.findAll({ queryKey: ['admin'] })).toHaveLength(2)
  })
})

describe('useQuery on the server', () => {
  afterEach(() => vi.unstubAllGlobals())

  const page = (client: QueryClient, o: Options) =>
    createElement(QueryClientProvider, { client }, createElement(Line, { o }))

  it('renders initialData or pending, with no request and no timer', () => {
    vi.useFakeTimers()
    const orders = answers('fetched')
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000 } } })
    expect(renderToString(page(client, { queryKey: ['orders'], queryFn: orders }))).toBe('<p>Loading…</p>')
    expect(
      renderToString(
        page(client, { queryKey: ['bookings'], queryFn: orders, initialData: 'from the loader' }),
      ),
    ).toBe('<p>from the loader</p>')
    expect(orders).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0)
    vi.useRealTimers()
  })

  it('renders first in the browser exactly what the server rendered', async () => {
    const options: Options = { queryKey: ['current-user'], queryFn: answers('fetched'), initialData: 'Asha' }
    const onServer: QueryResult<unknown>[] = []
    renderToString(
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(Probe, { o: options, seen: onServer }),
      ),
    )

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    stubBrowser()
    const inBrowser = await mount(new QueryClient(), options)
    const { refetch: _a, ...server } = onServer[0]
    const { refetch: _b, ...browser } = inBrowser.seen[0][0]
    expect(browser).toEqual(server)
    await inBrowser.unmount()
    vi.clearAllTimers()
    vi.useRealTimers()
  })
})
