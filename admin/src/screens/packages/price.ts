/** A package price as the spec writes it: "$29", "$29.50", "$2,990" (whole dollars without cents). */
export const dollars = (amount: string | number) => {
  const n = Number(amount);
  return `$${Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
};
