import { describe, expect, it } from 'vitest'
import { CsvError, fromSpreadsheet, parseCsv, spreadsheetSafe, utf8Bom, writeCsv } from './csv.ts'

const cells = (text: string) => parseCsv(text).map((r) => r.cells)

describe('reading CSV', () => {
  it('splits plain cells and records, with CRLF or LF line ends', () => {
    expect(cells('a,b,c\r\n1,2,3\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ])
    expect(cells('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ])
  })

  it('reads quoted cells holding commas, doubled quotes and line breaks', () => {
    const text = 'name,note\r\n"Warli, Tarpa","She said ""namaste""\r\nand left"\r\n'
    expect(parseCsv(text)).toEqual([
      { row: 1, line: 1, cells: ['name', 'note'] },
      { row: 2, line: 2, cells: ['Warli, Tarpa', 'She said "namaste"\r\nand left'] },
    ])
  })

  it('drops a byte-order mark and skips blank lines, keeping the file’s line and row numbers', () => {
    const records = parseCsv(`${utf8Bom}id,name\r\n\r\n1,मधुबनी ₹\n\n2,"two\nlines"\n3,three\n`)
    expect(records.map((r) => r.line)).toEqual([1, 3, 5, 7])
    // A spreadsheet shows the two-line cell in one row.
    expect(records.map((r) => r.row)).toEqual([1, 3, 5, 6])
    expect(records[0].cells).toEqual(['id', 'name'])
    expect(records[1].cells).toEqual(['1', 'मधुबनी ₹'])
  })

  it('keeps empty cells, including the last one of a record', () => {
    expect(cells('a,,c,\r\n,,\r\n')).toEqual([
      ['a', '', 'c', ''],
      ['', '', ''],
    ])
    expect(cells('""\r\n')).toEqual([['']])
  })

  it('refuses an unclosed quote and text after a closing quote, naming the row', () => {
    expect(() => parseCsv('a,b\r\n1,"open\r\n')).toThrow(CsvError)
    expect(() => parseCsv('a,b\r\n1,"open\r\n')).toThrow(/Row 2/)
    expect(() => parseCsv('a\n\n"x"y,2\n')).toThrow(expect.objectContaining({ row: 3 }))
    expect(() => parseCsv('"x"y')).toThrow(/closing quote/)
  })
})

describe('writing CSV', () => {
  it('quotes only cells that need it, doubles quotes and ends records with CRLF', () => {
    expect(writeCsv([['a', 'b, c', 'say "hi"', 'two\nlines', ' edge']])).toBe(
      'a,"b, c","say ""hi""","two\nlines"," edge"\r\n',
    )
  })

  it('starts with the byte-order mark when asked, and reads back what it wrote', () => {
    const rows = [
      ['id', 'name', 'note'],
      ['1', 'मधुबनी, "Madhubani"', 'line one\r\nline two'],
      ['2', '', '₹1,650.00'],
    ]
    const text = writeCsv(rows, { bom: true })
    expect(text.startsWith(utf8Bom)).toBe(true)
    expect(cells(text)).toEqual(rows)
  })
})

describe('spreadsheet formulas', () => {
  it('puts an apostrophe before a cell a spreadsheet would run, and takes it away on reading', () => {
    for (const danger of ['=SUM(A1:A9)', '+91 98765', '-5', '@cmd', '\tx']) {
      expect(spreadsheetSafe(danger)).toBe(`'${danger}`)
      expect(fromSpreadsheet(spreadsheetSafe(danger))).toBe(danger)
    }
    expect(spreadsheetSafe('Warli painting')).toBe('Warli painting')
    // An apostrophe the text had of its own stays.
    expect(fromSpreadsheet("'tis the season")).toBe("'tis the season")
    expect(fromSpreadsheet(spreadsheetSafe("'=x"))).toBe("'=x")
  })
})
