/** The product's name: a brand, the same in every language (docs/GLOSSARY.md). */
export const BRAND_NAME = 'Aide';
