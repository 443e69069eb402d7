/**
 * The heap the shop's process runs with (docs/decisions/107), given to Node on its command line by `npm start`,
 * the systemd unit and the benchmarks. Left to itself on a machine with 24 GB, Node lets its heap grow to
 * gigabytes before it collects in earnest: under load the process grew from 220 to 620 MB of garbage that
 * a smaller heap collects as it goes. The shop's own data is far smaller (the catalogue is read a page at a
 * time, decision 103; the embedded database's memory is outside this heap), so 384 MB leaves room for the
 * largest thing it builds (a CSV of 10,000 orders, a PDF) and keeps the process under 300 MB after a load.
 */
export const serverNodeFlags = ['--max-old-space-size=384', '--max-semi-space-size=16']
