import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // false: the production server bundle must not import the server entry's own modules by path.
    fastifyReactRouterDev({
      entry: './server/dev.ts',
      exportName: 'createServer',
      externalizeServerEntryImports: false,
    }),
  ],
  build: { target: 'es2022', cssCodeSplit: true },
  ssr: { noExternal: ['embla-carousel-react', 'embla-carousel'] },
})
