import type { GeneratedImages } from '../common/generated-images.js';

/** What the demo seeders need besides the database: where to draw and store their pictures. */
export interface DemoSeedContext {
  images: GeneratedImages;
}

export function demoImages(context: Partial<DemoSeedContext> | undefined): GeneratedImages {
  if (!context?.images) {
    throw new Error('The demo data has pictures: seed it with seedDemoData(orm, images) (seeders/DatabaseSeeder.ts), not orm.seeder.seed()');
  }
  return context.images;
}
