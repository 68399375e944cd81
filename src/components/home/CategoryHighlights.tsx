/** Category highlights on the home page: a tile per highlighted top category. */
import { Link } from '@tanstack/react-router'
import { m } from '../../paraglide/messages.js'

interface Highlight {
  id: number
  url_key: string
  name: string
  image: string
}

export function CategoryHighlights({ categories }: { categories: Highlight[] }) {
  return (
    <section aria-labelledby="highlights-title" className="mx-auto max-w-content px-4 py-6">
      <h2 id="highlights-title" className="mb-4 text-xl font-bold lg:text-2xl">
        {m.home_shop_by_category()}
      </h2>
      <ul className="grid grid-cols-4 gap-3 md:grid-cols-8">
        {categories.map((category) => (
          <li key={category.id}>
            <Link to="/$urlKey" params={{ urlKey: category.url_key }} className="group flex flex-col items-center gap-2 text-center">
              <img
                src={category.image}
                alt=""
                width={96}
                height={96}
                loading="lazy"
                className="aspect-square w-full max-w-24 rounded-full bg-white object-contain p-2 shadow-sm transition-transform group-hover:scale-105"
              />
              <span className="text-xs leading-tight font-medium sm:text-sm">{category.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
