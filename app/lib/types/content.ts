import type { PublishStatus } from "../schemas/content";

export type BlogPost = {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  featuredImageUrl: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  metaKeywords: string | null;
  category: string | null;
  tags: string[];
  authorName: string | null;
  status: PublishStatus;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  readingMinutes: number;
};

export type Page = {
  id: string;
  title: string;
  slug: string;
  metaDescription: string | null;
  content: string;
  status: PublishStatus;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
};
