/** The password of every customer bench/generate.ts makes (customer1@bench.invalid …), for bench/scale.ts. */
export const benchPassword = 'bench-customer-1'
