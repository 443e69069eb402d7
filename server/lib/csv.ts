/**
 * CSV as RFC 4180 writes it, for the console's exports and the product import (decision 093): cells
 * separated by commas, records by CRLF; a cell holding a comma, a quote or a line break is quoted, its
 * quotes doubled. The reader also takes LF line ends, a UTF-8 byte-order mark and blank lines.
 */

/** Excel reads a file as UTF-8 (Hindi, ₹) only when it starts with this mark. */
export const utf8Bom = '\uFEFF'

export class CsvError extends Error {
  readonly row: number
  constructor(message: string, row: number) {
    super(message)
    this.row = row
  }
}

/**
 * One record of a file: its cells, the line of the file it starts on, and its row as a spreadsheet numbers
 * it (a cell with line breaks stays in one row; a blank line is a row of its own). Both count from 1.
 */
export type CsvRecord = { row: number; line: number; cells: string[] }

/**
 * The records of a CSV text. Blank lines are skipped (their numbers still count), a record spanning
 * several lines keeps the number of its first. An unclosed quote or text after a closing quote throws
 * CsvError naming the row.
 */
export function parseCsv(text: string): CsvRecord[] {
  const src = text.startsWith(utf8Bom) ? text.slice(1) : text
  const records: CsvRecord[] = []
  let cells: string[] = []
  let cell = ''
  let line = 1
  let start = 1
  let row = 1
  let quoted = false
  // Whether the current record has anything yet (a blank line has nothing, not one empty cell).
  let touched = false
  let i = 0
  const endRecord = () => {
    if (touched) records.push({ row, line: start, cells: [...cells, cell] })
    cells = []
    cell = ''
    touched = false
  }
  while (i < src.length) {
    const c = src[i]
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"'
          i += 2
          continue
        }
        quoted = false
        i++
        const next = src[i]
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
          throw new CsvError(`Row ${row}: a closing quote must end its cell (found text after it).`, row)
        }
        continue
      }
      if (c === '\n') line++
      cell += c
      i++
      continue
    }
    if (c === '"' && cell === '') {
      quoted = true
      touched = true
      i++
      continue
    }
    if (c === ',') {
      cells.push(cell)
      cell = ''
      touched = true
      i++
      continue
    }
    if (c === '\r' || c === '\n') {
      endRecord()
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1
      line++
      row++
      start = line
      continue
    }
    cell += c
    touched = true
    i++
  }
  if (quoted) throw new CsvError(`Row ${row}: a quoted cell is never closed.`, row)
  endRecord()
  return records
}

/** A cell as the file writes it: quoted when it holds a comma, a quote, a line break or edge spaces. */
function csvCell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** Whole records as CSV text: CRLF after every record, UTF-8 byte-order mark first when asked. */
export function writeCsv(rows: ReadonlyArray<ReadonlyArray<string>>, opts: { bom?: boolean } = {}): string {
  const body = rows.map((r) => `${r.map(csvCell).join(',')}\r\n`).join('')
  return opts.bom ? `${utf8Bom}${body}` : body
}

// A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection"); text that
// already starts with apostrophes before one gets one more, so reading it back gives the same text.
const formulaStart = /^'*[=+\-@\t\r]/

/** Text a spreadsheet shows as text: a leading apostrophe before a cell that would start a formula. */
export function spreadsheetSafe(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text
}

/** The text of a cell written by spreadsheetSafe (the apostrophe it added is taken away again). */
export function fromSpreadsheet(cell: string): string {
  return cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell
}
