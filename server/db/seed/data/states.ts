/**
 * The states of the demo shop's "State Wise" section, in display order: the storefront shows the first
 * three on the home page and the state landing page. Each card shows a landmark or craft of the state
 * (drawn by `stateSvg` in demo-art/scenes.ts) in the state's colours.
 */

import type { StateMotif } from '../../../../demo-art/scenes.ts'

export type StateSeed = {
  /** The current official name, exactly as products refer to it. */
  name: string
  motif: StateMotif
  /** Light background, mid tone and dark ink, as hex colours. */
  colours: [string, string, string]
}

export const STATES: StateSeed[] = [
  // The Taj Mahal at Agra.
  { name: 'Uttar Pradesh', motif: 'dome', colours: ['#fdf1e2', '#f2c48d', '#7a3e12'] },
  // The Great Stupa at Sanchi.
  { name: 'Madhya Pradesh', motif: 'stupa', colours: ['#f4f0dc', '#cfd9a0', '#4b5d1f'] },
  // The hill forts of Rajasthan.
  { name: 'Rajasthan', motif: 'fort', colours: ['#fde7dc', '#e89a76', '#7c2d12'] },
  // The fish of Madhubani painting.
  { name: 'Bihar', motif: 'fish', colours: ['#fff4d6', '#e9b949', '#7a1f1f'] },
  // The stone wheel of the Sun Temple at Konark.
  { name: 'Odisha', motif: 'wheel', colours: ['#fbeedd', '#e3b98a', '#6b3a1b'] },
  // The terracotta horse of Bankura.
  { name: 'West Bengal', motif: 'horse', colours: ['#fdeee6', '#e7a98a', '#7f2a12'] },
  // Kites of Uttarayan.
  { name: 'Gujarat', motif: 'kite', colours: ['#e8f6f3', '#9fd6c9', '#1f5f57'] },
  // Warli painting of the Sahyadri foothills.
  { name: 'Maharashtra', motif: 'warli', colours: ['#f9ecdf', '#d9a37f', '#5a2612'] },
  // Temple gopurams of Madurai and Thanjavur.
  { name: 'Tamil Nadu', motif: 'gopuram', colours: ['#fff1dd', '#f0a35e', '#7a2e0e'] },
  // A houseboat on the backwaters.
  { name: 'Kerala', motif: 'boat', colours: ['#e9f5e4', '#a7d49b', '#2d5a27'] },
  // Tea gardens of the Brahmaputra valley.
  { name: 'Assam', motif: 'tea', colours: ['#eef6e6', '#b5d59a', '#2f4f23'] },
  // The caparisoned elephants of Mysuru Dasara.
  { name: 'Karnataka', motif: 'elephant', colours: ['#fdf3e1', '#e8c07a', '#6e3b0f'] },
  // Lotus and the floating phumdis of Loktak Lake.
  { name: 'Manipur', motif: 'lotus', colours: ['#fcebf1', '#eaa7c0', '#6d1f3e'] },
  // A shikara on Dal Lake.
  { name: 'Jammu and Kashmir', motif: 'shikara', colours: ['#e9f1f8', '#a9c5de', '#1f3f5f'] },
  // Dhokra casting of Bastar.
  { name: 'Chhattisgarh', motif: 'dhokra', colours: ['#fbf1de', '#dcb574', '#5e3d0c'] },
  // The temple towers of Srikalahasti and Tirupati.
  { name: 'Andhra Pradesh', motif: 'gopuram', colours: ['#f6efe0', '#d8b27a', '#5b3512'] },
  // Golconda Fort at Hyderabad.
  { name: 'Telangana', motif: 'fort', colours: ['#f3ece6', '#c9a992', '#4e2f22'] },
]
