// Order and review dates, in the page's locale and India's time; each Intl formatter is made once.
const dateOptions: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
}
const dateTimeOptions: Intl.DateTimeFormatOptions = { ...dateOptions, hour: 'numeric', minute: '2-digit' }
const formats = new Map<string, Intl.DateTimeFormat>()
const formatFor = (locale: string, options: Intl.DateTimeFormatOptions, kind: string) => {
  const key = `${kind}:${locale}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

/** An order's date in the page's locale ('en-IN' or 'hi-IN'), in India's time. */
export const formatOrderDate = (iso: string, locale = 'en-IN') =>
  formatFor(locale, dateOptions, 'date').format(new Date(iso))
export const formatOrderDateTime = (iso: string, locale = 'en-IN') =>
  formatFor(locale, dateTimeOptions, 'time').format(new Date(iso))
