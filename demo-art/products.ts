import { craftDrawers } from './crafts.ts'
import { ecoDrawers } from './eco.ts'
import { giftDrawers } from './gifts.ts'
import { paintingDrawers } from './paintings.ts'
import type { PhotoLayers } from './photo.ts'
import { photoLayers } from './photo.ts'
import type { DrawCtx, Drawn } from './svg.ts'
import { CRAFT_PALETTES, rng } from './svg.ts'
import { textileDrawers } from './textiles.ts'
import { traditionalDrawers } from './traditional.ts'

/** The product drawings this folder knows how to make, one drawer each. */
export type Motif =
  | 'madhubani'
  | 'warli'
  | 'pattachitra'
  | 'gond'
  | 'saree'
  | 'stole'
  | 'bedsheet'
  | 'shawl'
  | 'pottery'
  | 'brass'
  | 'wood'
  | 'stone'
  | 'jewellery'
  | 'puja'
  | 'toys'
  | 'jute'
  | 'bamboo'
  | 'paper'
  | 'hamper'
  | 'mandala'
  | 'diya'

const DRAWERS: Record<Motif, (ctx: DrawCtx) => Drawn> = {
  madhubani: paintingDrawers.madhubani,
  warli: paintingDrawers.warli,
  pattachitra: paintingDrawers.pattachitra,
  gond: paintingDrawers.gond,
  saree: textileDrawers.saree,
  stole: textileDrawers.stole,
  bedsheet: textileDrawers.bedsheet,
  shawl: textileDrawers.shawl,
  pottery: craftDrawers.pottery,
  brass: craftDrawers.brass,
  wood: craftDrawers.wood,
  stone: craftDrawers.stone,
  jewellery: traditionalDrawers.jewellery,
  puja: traditionalDrawers.puja,
  toys: traditionalDrawers.toys,
  jute: ecoDrawers.jute,
  bamboo: ecoDrawers.bamboo,
  paper: ecoDrawers.paper,
  hamper: giftDrawers.hamper,
  mandala: giftDrawers.decor,
  diya: giftDrawers.festive,
}

export type ProductPicture = { motif: Motif; shape?: string; title: string; index: number }

/** The object drawing of a product; the same for all of its photographs. */
export function drawProduct(pic: ProductPicture): Drawn {
  const p = CRAFT_PALETTES[(pic.index * 7 + 3) % CRAFT_PALETTES.length]
  return DRAWERS[pic.motif]({
    p,
    r: rng(pic.index * 101 + 7),
    shape: pic.shape,
    title: pic.title,
    index: pic.index,
  })
}

/** Photograph number `n` (1-based) of a product, as backdrop and overlay layers (800 x 800). */
export function productLayers(pic: ProductPicture, n: number, drawn = drawProduct(pic)): PhotoLayers {
  return photoLayers(drawn, n, pic.index)
}
