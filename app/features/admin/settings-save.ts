import { useState } from 'react'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, problemText, serverFieldErrors } from './admin-api.ts'

/**
 * Saving one section of the console's Settings: PUT under /api/v1/admin, a toast either way, the field
 * errors the server names, and the console's data refetched.
 */
export function useSettingsSave(path: string, savedText: string | ((data: unknown) => string)) {
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const submit = async (body: unknown) => {
    setErrors({})
    setSaving(true)
    try {
      const saved = await adminSend(path, 'PUT', body)
      toast.success(typeof savedText === 'function' ? savedText(saved.data) : savedText)
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    } catch (err) {
      setErrors(serverFieldErrors(err))
      toast.error(problemText(err))
    } finally {
      setSaving(false)
    }
  }
  return { errors, saving, submit }
}
