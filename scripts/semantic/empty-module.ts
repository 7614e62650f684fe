/** What the embedding worker bundle gets for `sharp` (image decoding it never uses). */
export default {};
