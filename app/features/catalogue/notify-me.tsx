import { Link, useLocation } from 'react-router'
import { stockAlertMessages } from '../../../contracts/stock-alert-text.ts'
import { useT } from '../../i18n/i18n.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { useMutation, useQuery, useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { retryUnlessSignedOut } from '../../lib/use-cart.ts'
import { useSignedIn } from '../../lib/use-signed-in.ts'

const alertsKey = (productId: string) => ['stock-alerts', productId] as const

type Mine = { data: Array<{ variantId: string | null }> }

/**
 * 'Notify me' under a sold-out product or size (decision 131): one tap asks for one e-mail when it is back;
 * the line then says so, with 'Stop'. A visitor is offered sign-in, coming back to this page.
 */
export function NotifyMe({ productId, variantId }: { productId: string; variantId?: string }) {
  const t = useT()
  const signedIn = useSignedIn()
  const { pathname, search } = useLocation()
  const queryClient = useQueryClient()
  const piece = variantId ?? null
  const { data: asked = false, isLoading } = useQuery({
    queryKey: alertsKey(productId),
    queryFn: () => api<Mine>(`/stock-alerts?productId=${encodeURIComponent(productId)}`, { auth: true }),
    enabled: signedIn,
    retry: retryUnlessSignedOut,
    select: (r: Mine) => r.data.some((a) => a.variantId === piece),
  })
  const change = useMutation({
    mutationFn: (ask: boolean) =>
      api(ask ? '/stock-alerts' : '/stock-alerts/remove', {
        method: 'POST',
        body: { productId, variantId },
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey(productId) }),
    onError: (err) =>
      toast.error(
        err instanceof ApiError && err.message
          ? t(err.message)
          : t('Something went wrong. Please try again.'),
      ),
  })

  if (!signedIn)
    return (
      <p className="text-sm" data-testid="notify-me">
        <Link
          to={`/login?next=${encodeURIComponent(pathname + search)}`}
          className="font-semibold text-brand-700 underline underline-offset-2"
        >
          {t(stockAlertMessages.signIn)}
        </Link>
      </p>
    )
  if (asked)
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="notify-me">
        <p role="status" className="font-semibold text-leaf">
          {t(stockAlertMessages.asked)}
        </p>
        <button
          type="button"
          onClick={() => change.mutate(false)}
          disabled={change.isPending}
          aria-busy={change.isPending}
          className="min-h-11 px-2 font-semibold text-brand-700 underline underline-offset-2"
        >
          {t(stockAlertMessages.stop)}
        </button>
      </div>
    )
  return (
    <div data-testid="notify-me">
      <button
        type="button"
        onClick={() => change.mutate(true)}
        disabled={change.isPending || isLoading}
        aria-busy={change.isPending}
        className="min-h-11 rounded border border-brand-600 px-5 py-2 font-semibold text-brand-700 hover:bg-white"
      >
        {t(stockAlertMessages.button)}
      </button>
    </div>
  )
}
