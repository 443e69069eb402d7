import { act, createElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type MutationResult, type UseMutationOptions, useMutation } from './query.ts'
import { createTestRoot } from './test-root.ts'

type Options = UseMutationOptions<string, string>
type Result = MutationResult<string, string>

/** A request the test answers (or fails) when it chooses. */
function pending<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: Error) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Just enough of a browser for React DOM to mount a component that renders nothing. */
function stubBrowser() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' })
  vi.stubGlobal('document', document)
  vi.stubGlobal('window', Object.assign(new EventTarget(), { document, HTMLIFrameElement: class {} }))
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true)
}

/** Records every result its useMutation returns; renders nothing. */
function Probe({ o, seen }: { o: Options; seen: Result[] }) {
  seen.push(useMutation(o))
  return null
}

async function mount(options: Options) {
  const seen: Result[] = []
  const root = createTestRoot()
  const render = (o: Options) => act(async () => root.render(createElement(Probe, { o, seen })))
  await render(options)
  return {
    seen,
    last: () => seen.at(-1) as Result,
    rerender: render,
    unmount: () => act(async () => root.unmount()),
  }
}

describe('useMutation', () => {
  beforeEach(stubBrowser)
  afterEach(() => vi.unstubAllGlobals())

  it('is pending while it runs, then holds the data, after onSuccess and onSettled have run', async () => {
    const answer = pending<string>()
    const confirmed = pending<void>()
    const calls: unknown[][] = []
    const page = await mount({
      mutationFn: () => answer.promise,
      onSuccess: async (...args) => {
        calls.push(['success', ...args])
        await confirmed.promise
      },
      onSettled: (...args) => {
        calls.push(['settled', ...args])
      },
    })
    expect(page.last()).toMatchObject({ status: 'idle', isPending: false, data: undefined, error: null })

    let answered: string | undefined
    await act(async () => {
      void page
        .last()
        .mutateAsync('order 1')
        .then((data) => {
          answered = data
        })
    })
    expect(page.last()).toMatchObject({ status: 'pending', isPending: true })

    await act(async () => answer.resolve('paid'))
    // Still pending: onSuccess is awaited, as a navigation in it would be.
    expect(calls).toEqual([['success', 'paid', 'order 1']])
    expect(page.last().isPending).toBe(true)

    await act(async () => confirmed.resolve())
    expect(calls).toEqual([
      ['success', 'paid', 'order 1'],
      ['settled', 'paid', null, 'order 1'],
    ])
    expect(answered).toBe('paid')
    expect(page.last()).toMatchObject({ status: 'success', isSuccess: true, isPending: false, data: 'paid' })
    await page.unmount()
  })

  it('gives a failure to onError and the state; mutate never rejects, mutateAsync does', async () => {
    const declined = new Error('declined')
    const onError = vi.fn()
    const onSettled = vi.fn()
    const page = await mount({ mutationFn: () => Promise.reject(declined), onError, onSettled })

    await act(async () => page.last().mutate('order 1'))
    expect(onError).toHaveBeenCalledWith(declined, 'order 1')
    expect(onSettled).toHaveBeenCalledWith(undefined, declined, 'order 1')
    expect(page.last()).toMatchObject({ status: 'error', isError: true, isPending: false, error: declined })

    let rejected: unknown
    await act(async () => {
      await page
        .last()
        .mutateAsync('order 2')
        .catch((err) => {
          rejected = err
        })
    })
    expect(rejected).toBe(declined)
    expect(onError).toHaveBeenCalledTimes(2)
    await page.unmount()
  })

  it('shows the latest call, and reset forgets the one in flight', async () => {
    const answers = [pending<string>(), pending<string>(), pending<string>()]
    let n = 0
    const page = await mount({
      mutationFn: () => (answers[n++] as ReturnType<typeof pending<string>>).promise,
    })

    await act(async () => {
      page.last().mutate('first')
      page.last().mutate('second')
    })
    await act(async () => answers[1]?.resolve('second answer'))
    expect(page.last()).toMatchObject({ status: 'success', data: 'second answer' })
    await act(async () => answers[0]?.resolve('first answer'))
    expect(page.last().data).toBe('second answer')

    await act(async () => page.last().mutate('third'))
    expect(page.last().isPending).toBe(true)
    await act(async () => page.last().reset())
    expect(page.last()).toMatchObject({ status: 'idle', isPending: false, data: undefined })
    await act(async () => answers[2]?.resolve('third answer'))
    expect(page.last().status).toBe('idle')
    await page.unmount()
  })

  it("calls the latest render's callbacks, with stable functions", async () => {
    const before = vi.fn()
    const after = vi.fn()
    const page = await mount({ mutationFn: async (v) => `${v} done`, onSuccess: before })
    const { mutate } = page.last()
    await page.rerender({ mutationFn: async (v) => `${v} again`, onSuccess: after })
    expect(page.last().mutate).toBe(mutate)

    await act(async () => mutate('pay'))
    expect(before).not.toHaveBeenCalled()
    expect(after).toHaveBeenCalledWith('pay again', 'pay')
    await page.unmount()
  })
})
