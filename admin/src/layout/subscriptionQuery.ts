/** The query key of the caller's company's subscription: the banner's and the Subscription tab's (one cache). */
export const SUBSCRIPTION_QUERY = 'subscription';
