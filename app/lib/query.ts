import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'

/**
 * The shop's own query store: the part of TanStack Query's API the pages use, under the same names, at about
 * a fifth of its weight on a first visit (docs/decisions/108): queries and mutations; no infinite or suspense
 * queries, no devtools.
 */

export type QueryKey = readonly unknown[]

/** How many failures to retry (`true`: always), or a function of the failures so far and the error. */
export type Retry = boolean | number | ((failures: number, error: Error) => boolean)

export type QueryState<T> = {
  data: T | undefined
  error: Error | null
  /** When the data arrived (ms since the epoch); initialData counts as arrived when its entry was made. */
  updatedAt: number
  fetching: boolean
  /** Set by invalidateQueries: the next mount or return to the tab refetches, whatever the data's age. */
  invalidated: boolean
}

export type UseQueryOptions<T, S = T> = {
  queryKey: QueryKey
  queryFn: () => T | Promise<T>
  enabled?: boolean
  retry?: Retry
  staleTime?: number
  /** Seeds the entry when it is made (the server-rendered data), so it hydrates as the server rendered it. */
  initialData?: T
  select?: (data: T) => S
  refetchInterval?: number | false | ((query: Query<T>) => number | false | undefined)
  refetchIntervalInBackground?: boolean
  refetchOnMount?: boolean | 'always'
  refetchOnWindowFocus?: boolean
}

type QueryDefaults = { staleTime?: number; retry?: Retry; gcTime?: number }

/** What a mounted hook asks of its entry; read through a ref, so a refetch uses the latest render's. */
type Observed<T> = {
  queryFn: () => T | Promise<T>
  retry: Retry
  staleTime: number
  refetchOnMount: boolean | 'always'
  refetchOnWindowFocus: boolean
  refetchIntervalInBackground: boolean
}
type Observer<T> = { current: Observed<T> }

type ResultCommon<S> = { isFetching: boolean; isLoading: boolean; refetch: () => Promise<QueryResult<S>> }
export type QueryResult<S> = ResultCommon<S> &
  (
    | { status: 'pending'; data: undefined; error: null; isPending: true; isError: false; isSuccess: false }
    | {
        status: 'error'
        data: S | undefined
        error: Error
        isPending: false
        isError: true
        isSuccess: false
      }
    | { status: 'success'; data: S; error: null; isPending: false; isError: false; isSuccess: true }
  )

const hashKey = (key: QueryKey) => JSON.stringify(key)

// As TanStack's focus manager reads it: browsers (and tests that stand in for one) set visibilityState.
const tabHidden = () => document.visibilityState === 'hidden'

const isPlain = (v: unknown): v is Record<string, unknown> =>
  Array.isArray(v) || (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype)

/**
 * The new data, reusing every part of the old that is equal: a refetch that changes nothing keeps the same
 * object, so forms filled from it in an effect are not reset under the user (TanStack's structural sharing).
 */
function share(prev: unknown, next: unknown): unknown {
  if (prev === next || !isPlain(prev) || !isPlain(next) || Array.isArray(prev) !== Array.isArray(next))
    return next
  const keys = Object.keys(next)
  let same = keys.length === Object.keys(prev).length
  const out = (Array.isArray(next) ? [] : {}) as Record<string, unknown>
  for (const k of keys) {
    out[k] = share(prev[k], next[k])
    if (out[k] !== prev[k] || !Object.hasOwn(prev, k)) same = false
  }
  return same ? prev : out
}

function shouldRetry(retry: Retry, failures: number, error: Error): boolean {
  return typeof retry === 'function' ? retry(failures, error) : retry === true || failures < Number(retry)
}

/** One cache entry: the state every hook with its key shares, and its one request in flight. */
export class Query<T = unknown> {
  state: QueryState<T>
  /** Mounted, enabled hooks: the ones invalidation, polling and a return to the tab refetch for. */
  readonly observers = new Set<Observer<T>>()
  private readonly initial: QueryState<T>
  private readonly listeners = new Set<() => void>()
  private promise: Promise<void> | undefined
  /** Counts fetches, so the answer of one that was reset or overtaken is dropped. */
  private run = 0
  private gcTimer: ReturnType<typeof setTimeout> | undefined
  readonly key: QueryKey
  private readonly gcTime: number
  private readonly cache: Map<string, Query>

  constructor(key: QueryKey, initialData: T | undefined, gcTime: number, cache: Map<string, Query>) {
    this.key = key
    this.gcTime = gcTime
    this.cache = cache
    this.initial = {
      data: initialData,
      error: null,
      updatedAt: initialData === undefined ? 0 : Date.now(),
      fetching: false,
      invalidated: false,
    }
    this.state = this.initial
    this.scheduleGc()
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    clearTimeout(this.gcTimer)
    return () => {
      this.listeners.delete(listener)
      this.scheduleGc()
    }
  }

  /** An entry no hook has read for gcTime is forgotten (none on the server, where gcTime is endless). */
  private scheduleGc() {
    clearTimeout(this.gcTimer)
    if (this.listeners.size || !Number.isFinite(this.gcTime)) return
    this.gcTimer = setTimeout(() => this.remove(), this.gcTime)
  }

  remove() {
    clearTimeout(this.gcTimer)
    this.run++
    this.promise = undefined
    const hash = hashKey(this.key)
    if (this.cache.get(hash) === this) this.cache.delete(hash)
  }

  set(patch: Partial<QueryState<T>>) {
    this.state = { ...this.state, ...patch }
    for (const listener of this.listeners) listener()
  }

  /** The state once `data` has arrived. */
  arrived(data: T): Partial<QueryState<T>> {
    return { data: share(this.state.data, data) as T, error: null, updatedAt: Date.now(), invalidated: false }
  }

  /** A fetch's outcome, unless a reset, a removal or a newer fetch came after it. */
  private settle(run: number, patch: Partial<QueryState<T>>) {
    if (run !== this.run) return
    this.promise = undefined
    this.set({ ...patch, fetching: false })
  }

  reset() {
    this.run++
    this.promise = undefined
    this.state = this.initial
    for (const listener of this.listeners) listener()
  }

  isStale(staleTime: number): boolean {
    return (
      this.state.data === undefined ||
      this.state.invalidated ||
      Date.now() >= this.state.updatedAt + staleTime
    )
  }

  /**
   * Fetches once for all its hooks: while a request is in flight every caller gets that one, unless
   * `overtake` (an invalidation or a reset) asks for a new one whose answer then wins. Never rejects:
   * the error goes to the state, and the data before it stays.
   */
  fetch(o: Observed<T>, overtake = false): Promise<void> {
    if (this.promise && !overtake) return this.promise
    const run = ++this.run
    const current = () => run === this.run
    this.set({ fetching: true, error: this.state.data === undefined ? null : this.state.error })
    const attempt = async (failures: number): Promise<T> => {
      try {
        return await o.queryFn()
      } catch (error) {
        if (current() && shouldRetry(o.retry, failures, error as Error)) {
          await new Promise((r) => setTimeout(r, Math.min(1000 * 2 ** failures, 30_000)))
          if (current()) return attempt(failures + 1)
        }
        throw error
      }
    }
    const promise = attempt(0).then(
      (data) => this.settle(run, this.arrived(data)),
      (error) => this.settle(run, { error: error as Error }),
    )
    this.promise = promise
    return promise
  }

  /** Refetches for the first mounted hook, if any: a query nobody shows is only marked stale. */
  refetchActive(): Promise<void> {
    const [first] = this.observers
    return first ? this.fetch(first.current, true) : Promise.resolve()
  }

  /** A hook mounts: it fetches if the data is stale (or always, if it asks to), and counts as active. */
  observe(observer: Observer<T>): () => void {
    this.observers.add(observer)
    const o = observer.current
    if (o.refetchOnMount === 'always' || (o.refetchOnMount && this.isStale(o.staleTime))) void this.fetch(o)
    return () => this.observers.delete(observer)
  }

  /** Polls every `ms`, skipping the beats while the tab is hidden unless asked otherwise. */
  poll(observer: Observer<T>, ms: number): () => void {
    const timer = setInterval(() => {
      if (observer.current.refetchIntervalInBackground || !tabHidden()) void this.fetch(observer.current)
    }, ms)
    return () => clearInterval(timer)
  }

  /** Back to the tab (or back online): stale data that is on screen is fetched again. */
  wake() {
    for (const { current: o } of this.observers) {
      if (o.refetchOnWindowFocus && this.isStale(o.staleTime)) void this.fetch(o)
    }
  }
}

type Filters = { queryKey?: QueryKey }

export class QueryClient {
  private readonly cache = new Map<string, Query>()
  private readonly defaults: Required<QueryDefaults>

  constructor(config: { defaultOptions?: { queries?: QueryDefaults } } = {}) {
    const q = config.defaultOptions?.queries
    this.defaults = {
      staleTime: q?.staleTime ?? 0,
      retry: q?.retry ?? 3,
      // Five minutes in the browser; on the server each page has a client of its own that goes with it.
      gcTime: q?.gcTime ?? (typeof document === 'undefined' ? Number.POSITIVE_INFINITY : 300_000),
    }
  }

  /** The entry for a key, made on first use; initialData only seeds it then, as in TanStack Query. */
  build<T>(key: QueryKey, initialData?: T): Query<T> {
    const hash = hashKey(key)
    let query = this.cache.get(hash)
    if (!query) {
      query = new Query(key, initialData, this.defaults.gcTime, this.cache)
      this.cache.set(hash, query)
    }
    return query as Query<T>
  }

  resolve<T>(options: UseQueryOptions<T, unknown>): Observed<T> {
    return {
      queryFn: options.queryFn,
      retry: options.retry ?? this.defaults.retry,
      staleTime: options.staleTime ?? this.defaults.staleTime,
      refetchOnMount: options.refetchOnMount ?? true,
      refetchOnWindowFocus: options.refetchOnWindowFocus ?? true,
      refetchIntervalInBackground: options.refetchIntervalInBackground ?? false,
    }
  }

  /** The entries whose key starts with the filter's (all of them without one). */
  findAll(filters: Filters = {}): Query[] {
    const prefix = filters.queryKey && hashKey(filters.queryKey)
    return [...this.cache.values()].filter(
      (q) => prefix === undefined || hashKey(q.key.slice(0, filters.queryKey?.length)) === prefix,
    )
  }

  getQueryData<T>(key: QueryKey): T | undefined {
    return this.cache.get(hashKey(key))?.state.data as T | undefined
  }

  setQueryData<T>(key: QueryKey, updater: T | ((old: T | undefined) => T | undefined)): void {
    const query = this.build<T>(key)
    const data =
      typeof updater === 'function'
        ? (updater as (old: T | undefined) => T | undefined)(query.state.data)
        : updater
    if (data !== undefined) query.set(query.arrived(data))
  }

  /** Marks the entries stale and refetches those on screen; settles when they have (it never rejects). */
  invalidateQueries(filters?: Filters): Promise<void> {
    const queries = this.findAll(filters)
    for (const q of queries) q.set({ invalidated: true })
    return Promise.all(queries.map((q) => q.refetchActive())).then(() => {})
  }

  /** Back to the state each entry was made with (initialData or nothing), refetching those on screen. */
  resetQueries(filters?: Filters): Promise<void> {
    const queries = this.findAll(filters)
    for (const q of queries) q.reset()
    return Promise.all(queries.map((q) => q.refetchActive())).then(() => {})
  }

  removeQueries(filters?: Filters): void {
    for (const q of this.findAll(filters)) q.remove()
  }

  /** Listens for the tab coming back and the network returning; answers how to stop. */
  mount(): () => void {
    const wake = () => {
      if (tabHidden()) return
      for (const q of this.cache.values()) q.wake()
    }
    document.addEventListener('visibilitychange', wake)
    window.addEventListener('online', wake)
    return () => {
      document.removeEventListener('visibilitychange', wake)
      window.removeEventListener('online', wake)
    }
  }
}

const ClientContext = createContext<QueryClient | null>(null)

export function QueryClientProvider({ client, children }: { client: QueryClient; children?: ReactNode }) {
  useEffect(() => client.mount(), [client])
  return createElement(ClientContext, { value: client }, children)
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext)
  if (!client) throw new Error('No QueryClient set, use QueryClientProvider to set one')
  return client
}

/**
 * A query's data for this component. During server rendering and hydration it reads the entry as it was
 * made (initialData or pending) and fetches nothing; fetching, polling and refetches start once mounted.
 */
export function useQuery<T, S = T>(options: UseQueryOptions<T, S>): QueryResult<S> {
  const client = useQueryClient()
  const query = client.build(options.queryKey, options.initialData)
  const enabled = options.enabled ?? true
  const resolved = client.resolve(options)
  const observer = useRef(resolved)
  observer.current = resolved
  // The same snapshot on the server and in the first browser render: the entry's state, untouched until mount.
  const state = useSyncExternalStore(
    query.subscribe,
    () => query.state,
    () => query.state,
  )
  const every = options.refetchInterval
  const interval = typeof every === 'function' ? every(query) : every

  useEffect(() => (enabled ? query.observe(observer) : undefined), [query, enabled])
  useEffect(
    () => (enabled && interval ? query.poll(observer, interval) : undefined),
    [query, enabled, interval],
  )

  const result = (state: QueryState<T>): QueryResult<S> => {
    const status = state.error ? 'error' : state.data === undefined ? 'pending' : 'success'
    return {
      data: state.data === undefined || !options.select ? state.data : options.select(state.data),
      error: state.error,
      status,
      isPending: status === 'pending',
      isError: status === 'error',
      isSuccess: status === 'success',
      isFetching: state.fetching,
      isLoading: status === 'pending' && state.fetching,
      // As TanStack's: answers the state once the request is done, and never rejects.
      refetch: () => query.fetch(observer.current, true).then(() => result(query.state)),
    } as QueryResult<S>
  }
  return result(state)
}

export type UseMutationOptions<T, V> = {
  mutationFn: (variables: V) => Promise<T>
  /** Awaited before the mutation counts as done, as TanStack's are (a navigation can keep it pending). */
  onSuccess?: (data: T, variables: V) => unknown
  onError?: (error: Error, variables: V) => unknown
  onSettled?: (data: T | undefined, error: Error | null, variables: V) => unknown
}

type MutationState<T> =
  | { status: 'idle'; data: undefined; error: null }
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: undefined; error: Error }

export type MutationResult<T, V> = MutationState<T> & {
  isPending: boolean
  isError: boolean
  isSuccess: boolean
  /** Runs it; a failure goes to onError and the state, never to the caller. */
  mutate: (variables: V) => void
  /** Runs it and answers its data, or rejects with its error. */
  mutateAsync: (variables: V) => Promise<T>
  reset: () => void
}

const idle = { status: 'idle', data: undefined, error: null } as const

/**
 * A change the page makes (place an order, pay, cancel), under TanStack Query's names: the state of the
 * latest call, with the latest render's callbacks. No retries, no mutation cache, no per-call callbacks.
 */
export function useMutation<T, V = void>(options: UseMutationOptions<T, V>): MutationResult<T, V> {
  const [state, setState] = useState<MutationState<T>>(idle)
  const latest = useRef(options)
  latest.current = options
  // Counts calls, so only the latest one (and none after a reset) sets the state.
  const calls = useRef(0)

  const mutateAsync = useCallback(async (variables: V) => {
    const call = ++calls.current
    const show = (next: MutationState<T>) => {
      if (call === calls.current) setState(next)
    }
    const o = latest.current
    show({ status: 'pending', data: undefined, error: null })
    try {
      const data = await o.mutationFn(variables)
      await o.onSuccess?.(data, variables)
      await o.onSettled?.(data, null, variables)
      show({ status: 'success', data, error: null })
      return data
    } catch (thrown) {
      const error = thrown as Error
      await o.onError?.(error, variables)
      await o.onSettled?.(undefined, error, variables)
      show({ status: 'error', data: undefined, error })
      throw error
    }
  }, [])
  const mutate = useCallback((variables: V) => void mutateAsync(variables).catch(() => {}), [mutateAsync])
  const reset = useCallback(() => {
    calls.current++
    setState(idle)
  }, [])

  return {
    ...state,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isSuccess: state.status === 'success',
    mutate,
    mutateAsync,
    reset,
  }
}
