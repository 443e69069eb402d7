import { renderAll } from '../demo-art/render.ts'
import { buildDemo } from '../server/db/seed/demo.ts'
import { testPictureCache } from './picture-cache.ts'

/**
 * Draws the demo shop's pictures into the picture cache (`DEMO_PICTURE_CACHE`, by default the one the tests
 * use), so the demo shops the tests start copy them instead of each drawing them again. `npm test` runs it
 * once after the build; pictures already there are kept.
 */
const dir = process.env.DEMO_PICTURE_CACHE ?? testPictureCache
const { jobs } = buildDemo(new Date(), true)
const t0 = performance.now()
await renderAll(jobs, { async put() {} }, { cacheDir: dir })
console.log(`${jobs.length} demo pictures in ${dir} (${((performance.now() - t0) / 1000).toFixed(1)} s)`)
