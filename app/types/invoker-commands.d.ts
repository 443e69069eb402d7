// HTML invoker commands (a button that opens or closes a dialog with no script); React passes the
// attributes through as written, its types do not list them yet.
import 'react'

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close'
    commandfor?: string
  }
}
