/** Sends the browser to the provider's payment page; a seam for tests. */
export const goToPayment = { assign: (url: string) => window.location.assign(url) };
