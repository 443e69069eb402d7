export const htmlHelp =
  'Formatting: <p>paragraph</p>, <b>bold</b>, <i>italic</i>, <ul><li>list item</li></ul>, <a href="https://…">link</a>. Anything else (scripts, styles) is removed when you save.'
