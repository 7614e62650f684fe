/**
 * Kitchen/Recipes: what the garden and the hives end up as. Each recipe has its properties
 * (course, servings, minutes, vegetarian, the plants it uses as links), ingredients, a numbered
 * method and a note on how it went.
 */
import { frontmatter, type Files, type Rng } from './common.ts';

interface Recipe {
  name: string;
  course: string;
  servings: number;
  minutes: number;
  vegetarian: boolean;
  uses: string[];
  ingredients: string[];
  method: string[];
}

const recipe = (
  name: string,
  course: string,
  servings: number,
  minutes: number,
  vegetarian: boolean,
  uses: string,
  ingredients: string,
  method: string,
): Recipe => ({
  name,
  course,
  servings,
  minutes,
  vegetarian,
  uses: uses.split(', '),
  ingredients: ingredients.split('; '),
  method: method.split('. ').map((step) => step.replace(/\.$/, '')),
});

const RECIPES: readonly Recipe[] = [
  recipe(
    'Roasted tomato soup',
    'soup',
    4,
    70,
    true,
    'Tomato, Basil, Garlic',
    '1 kg tomatoes; 1 head of garlic; 2 tbsp olive oil; a handful of basil; 500 ml stock',
    'Halve the tomatoes and roast with the garlic at 200 °C for 45 minutes. Squeeze the garlic out of its skins. Blend with the stock and basil. Season and reheat gently.',
  ),
  recipe(
    'Courgette fritters',
    'starter',
    4,
    30,
    true,
    'Courgette, Dill',
    '2 courgettes, grated; 1 egg; 60 g flour; a small bunch of dill; 100 g feta',
    'Salt the grated courgette and squeeze it dry in a tea towel. Mix with the egg, flour, dill and crumbled feta. Fry spoonfuls in a little oil, three minutes a side.',
  ),
  recipe(
    'Broad bean and mint dip',
    'starter',
    6,
    20,
    true,
    'Broad bean',
    '500 g podded broad beans; a lemon; a handful of mint; 3 tbsp olive oil',
    'Blanch the beans for two minutes and slip off the grey skins. Blend with lemon juice, mint and oil. Loosen with a spoon of the cooking water.',
  ),
  recipe(
    'Garlic scape pesto',
    'sauce',
    6,
    15,
    true,
    'Garlic',
    '10 garlic scapes; 50 g parmesan; 50 g toasted sunflower seeds; 120 ml olive oil',
    'Chop the scapes. Blend everything except the oil. Pour in the oil with the motor running.',
  ),
  recipe(
    'Leek and potato soup',
    'soup',
    6,
    50,
    true,
    'Leek, Potato',
    '3 leeks; 500 g potatoes; 30 g butter; 1 l stock; a splash of cream',
    'Sweat the sliced leeks in butter for ten minutes. Add the diced potato and the stock. Simmer until soft and blend half of it.',
  ),
  recipe(
    'Beetroot hummus',
    'starter',
    6,
    60,
    true,
    'Beetroot, Garlic',
    '3 beetroot; 1 tin of chickpeas; 2 tbsp tahini; 1 clove garlic; a lemon',
    'Roast the beetroot wrapped in foil for an hour. Peel and blend with everything else. Thin with cold water.',
  ),
  recipe(
    'Kale crisps',
    'snack',
    2,
    25,
    true,
    'Kale',
    'a large bunch of kale; 1 tbsp oil; smoked paprika; salt',
    'Strip the leaves from the stems and dry them completely. Toss with oil and paprika. Bake at 150 °C for 15 minutes, turning once.',
  ),
  recipe(
    'Chard and feta pie',
    'main',
    6,
    75,
    true,
    'Chard, Onion, Dill',
    '600 g chard; 1 onion; 200 g feta; 3 eggs; 8 sheets filo',
    'Wilt the chard with the onion and squeeze out the water. Mix with feta, eggs and dill. Layer in filo brushed with butter and bake at 180 °C for 40 minutes.',
  ),
  recipe(
    'Squash and red lentil dal',
    'main',
    4,
    45,
    true,
    'Squash, Onion, Garlic',
    '500 g squash; 200 g red lentils; 1 onion; 2 cloves garlic; 1 tin coconut milk; curry spices',
    'Fry the onion, garlic and spices. Add the diced squash, lentils and coconut milk with 400 ml water. Simmer for 25 minutes until the lentils collapse.',
  ),
  recipe(
    'Honey oat flapjacks',
    'baking',
    12,
    40,
    true,
    '',
    '250 g oats; 125 g butter; 4 tbsp honey from [[Hive Clover]]; 75 g brown sugar',
    'Melt the butter, honey and sugar. Stir in the oats. Press into a tin and bake at 170 °C for 25 minutes. Cut while warm.',
  ),
  recipe(
    'Honey-glazed carrots',
    'side',
    4,
    30,
    true,
    'Carrot, Parsley',
    '600 g carrots; 1 tbsp honey; 20 g butter; parsley',
    'Simmer the carrots in just enough water with the butter. When the water has gone, add the honey and toss until glossy. Finish with parsley.',
  ),
  recipe(
    'Rhubarb and strawberry crumble',
    'pudding',
    6,
    55,
    true,
    'Strawberry',
    '400 g rhubarb; 200 g strawberries; 150 g flour; 100 g butter; 100 g sugar',
    'Cut the fruit and put it in a dish with half the sugar. Rub the butter into the flour and the rest of the sugar. Scatter over and bake at 190 °C for 35 minutes.',
  ),
  recipe(
    'Strawberry jam',
    'preserve',
    20,
    60,
    true,
    'Strawberry',
    '1 kg strawberries; 750 g jam sugar; juice of a lemon',
    'Crush the fruit with the sugar and leave overnight. Bring to a rolling boil for eight minutes. Test for a set on a cold plate and pot into hot jars.',
  ),
  recipe(
    'Pickled beetroot',
    'preserve',
    10,
    90,
    true,
    'Beetroot',
    '1 kg beetroot; 500 ml cider vinegar; 150 g sugar; allspice and peppercorns',
    'Boil the beetroot until tender, then peel and slice. Bring the vinegar, sugar and spices to the boil. Pack the jars and pour the hot vinegar over.',
  ),
  recipe(
    'Basil pesto',
    'sauce',
    4,
    10,
    true,
    'Basil, Garlic',
    '60 g basil; 1 clove garlic; 30 g pine nuts; 50 g parmesan; 100 ml olive oil',
    'Pound the garlic and pine nuts. Add the basil a handful at a time. Stir in the cheese and the oil.',
  ),
  recipe(
    'Nasturtium capers',
    'preserve',
    8,
    20,
    true,
    'Nasturtium',
    'green nasturtium seed pods; salt; white wine vinegar; a bay leaf',
    'Salt the pods in brine for three days. Rinse and pack into small jars with the bay leaf. Cover with vinegar and wait a month.',
  ),
  recipe(
    'Lavender shortbread',
    'baking',
    16,
    45,
    true,
    'Lavender',
    '225 g butter; 110 g sugar; 330 g flour; 1 tbsp dried lavender flowers',
    'Cream the butter and sugar with the lavender. Work in the flour. Roll, cut and chill, then bake at 160 °C for 20 minutes.',
  ),
  recipe(
    'Crème brûlée with lavender honey',
    'pudding',
    4,
    60,
    true,
    'Lavender',
    '500 ml double cream; 5 egg yolks; 2 tbsp lavender honey; sugar for the top',
    'Warm the cream with the honey. Whisk into the yolks and strain. Bake in a bain-marie at 140 °C for 35 minutes. Chill, then burn a layer of sugar on top.',
  ),
  recipe(
    'Sweetcorn chowder',
    'soup',
    4,
    40,
    false,
    'Sweetcorn, Potato, Onion',
    '4 cobs of sweetcorn; 2 potatoes; 1 onion; 4 rashers of bacon; 700 ml milk',
    'Cut the kernels from the cobs. Fry the bacon and onion. Add the potato, corn and milk and simmer for 20 minutes. Blend a third and stir it back in.',
  ),
  recipe(
    'Runner bean chutney',
    'preserve',
    12,
    120,
    true,
    'Runner bean, Onion',
    '1 kg runner beans; 500 g onions; 600 ml malt vinegar; 500 g sugar; mustard and turmeric',
    'Slice the beans and cook with the onions in half the vinegar. Mix the spices into the rest of the vinegar with the sugar. Combine and simmer until thick.',
  ),
];

const VERDICTS = [
  'Made it for the work party; nothing left.',
  'Good, but next time less salt.',
  'A keeper. Doubled it the second time.',
  'Fine. The children were not convinced.',
  'Better the next day.',
  'Took longer than the recipe says.',
];

function recipeNote(item: Recipe, rng: Rng): string {
  const uses = item.uses.filter((name) => name !== '');
  const properties = frontmatter({
    tags: ['kitchen/recipe', `kitchen/${item.course}`],
    course: item.course,
    servings: item.servings,
    total_minutes: item.minutes,
    vegetarian: item.vegetarian,
    uses: uses.map((name) => `[[${name}]]`),
    last_made: `2026-${String(rng.int(5, 10)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
  });
  const lines = [
    `# ${item.name}`,
    '',
    `Serves ${item.servings}, about ${item.minutes} minutes.`,
    '',
    '## Ingredients',
    '',
    ...item.ingredients.map((ingredient) => `- ${ingredient}`),
    '',
    '## Method',
    '',
    ...item.method.map((step, index) => `${index + 1}. ${step}.`),
    '',
    '## Notes',
    '',
    rng.pick(VERDICTS),
    ...(uses.length > 0
      ? ['', `From the garden: ${uses.map((name) => `[[${name}]]`).join(', ')}.`]
      : []),
    '',
  ];
  return properties + lines.join('\n');
}

export function kitchenNotes(rng: Rng): Files {
  const files: Files = {};
  for (const item of RECIPES) files[`Kitchen/Recipes/${item.name}.md`] = recipeNote(item, rng);
  return files;
}
