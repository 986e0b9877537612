import { describe, expect, it } from "vitest";
import { getSettings } from "~/server/settings/settings.server";
import { openHydrated, openWithIslands } from "../support/browser";
import { MULTIPART_TYPE, makeMp4, makePdf, makePng, multipart } from "../support/files";
import { runAppForBlock } from "../support/running-app";
import { signedInStaff } from "../support/signed-in-staff";

describe("site settings in Chromium", () => {
  const running = runAppForBlock({}, { browser: true });
  const { cookies, contextAs: signedInContext } = signedInStaff(running, ["admin", "editor", "sales"]);

  it("an admin uploads a header logo and sees it in the public header", async () => {
    const context = await signedInContext("admin");
    const page = await openHydrated(context, `${running.app.url}/admin/settings`);
    await page.locator("[data-slot='badge']", { hasText: "Admin Panel" }).waitFor();
    await page.getByRole("heading", { name: "Site Information" }).waitFor();

    const field = page.locator("[data-setting='header_logo']");
    await field.locator("input[type=file]").setInputFiles({
      name: "our-logo.png",
      mimeType: "image/png",
      buffer: makePng(48, 48, [16, 185, 129]),
    });
    await page.getByText("Header logo updated successfully").first().waitFor();
    const preview = field.getByRole("img", { name: "Current header logo" });
    await preview.waitFor();
    const src = await preview.getAttribute("src");
    expect(src).toMatch(/^\/uploads\/logos\/header_logo-\d{13}-[a-z0-9]{10}\.png$/);

    const home = await openWithIslands(context, `${running.app.url}/`);
    const logo = home.locator("header img").first();
    expect(await logo.getAttribute("src")).toBe(src);
    // Loaded for real (not the default logo after an error): 48 pixels wide, as built.
    await home.waitForFunction((expected) => {
      const image = document.querySelector("header img") as HTMLImageElement | null;
      return image?.complete && image.naturalWidth === 48 && image.getAttribute("src") === expected;
    }, src);

    // The favicon follows, in every page's head.
    await page
      .locator("[data-setting='favicon_url'] input[type=file]")
      .setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: makePng(32, 32) });
    await page.getByText("Favicon updated successfully").first().waitFor();
    await home.reload();
    expect(await home.locator("link[rel=icon]").getAttribute("href")).toMatch(
      /^\/uploads\/logos\/favicon_url-\d{13}-[a-z0-9]{10}\.png$/,
    );

    // Removing the logo (after confirming) brings the default logo back, and deletes the file.
    await field.getByRole("button", { name: "Remove Header logo" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await page.getByText("Header logo removed").first().waitFor();
    await field.getByText("Nothing uploaded yet.").waitFor();
    await home.reload();
    expect(await home.locator("header img").first().getAttribute("src")).toBe("/images/logo.svg");
    expect((await fetch(`${running.app.url}${src}`)).status).toBe(404);
    await context.close();
  });

  it("an admin uploads the guide PDF, and the public guide form downloads it", async () => {
    const context = await signedInContext("admin");
    const page = await openHydrated(context, `${running.app.url}/admin/settings`);
    const field = page.locator("[data-setting='ppc_strategies_pdf']");
    await field.locator("input[type=file]").setInputFiles({
      name: "guide.pdf",
      mimeType: "application/pdf",
      buffer: makePdf(),
    });
    await page.getByText("File uploaded successfully").first().waitFor();
    const link = field.getByRole("link", { name: /^ppc_strategies_pdf-\d{13}-[a-z0-9]{10}\.pdf$/ });
    await link.waitFor();
    const href = await link.getAttribute("href");
    const served = await fetch(`${running.app.url}${href}`);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(makePdf());

    const home = await openWithIslands(context, `${running.app.url}/`);
    await home.getByRole("link", { name: "Download Our PPC Portfolio" }).click();
    const guide = home.getByRole("dialog", { name: "Download 50 Winning PPC Strategies" });
    await guide.getByLabel("Name").fill("Guide Reader");
    await guide.getByLabel("Email").fill("reader@example.com");
    const download = home.waitForEvent("download");
    await guide.getByRole("button", { name: "Download Now" }).click();
    expect((await download).url()).toBe(`${running.app.url}${href}`);
    await context.close();
  });

  it("an admin uploads the hero video with a progress bar, and its thumbnail; the home page plays them", async () => {
    const context = await signedInContext("admin");
    const page = await openHydrated(context, `${running.app.url}/admin/settings`);
    // A slow uplink, so the progress of the upload can be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    const video = page.locator("[data-setting='hero_video']");
    await video
      .locator("input[type=file]")
      .setInputFiles({ name: "showreel.mp4", mimeType: "video/mp4", buffer: makeMp4(2 * 1024 * 1024) });
    await video.getByRole("progressbar", { name: "Uploading hero video" }).waitFor();
    await page.getByText("Video uploaded successfully").first().waitFor();
    await video.getByRole("progressbar").waitFor({ state: "detached" });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page
      .locator("[data-setting='hero_video_thumbnail'] input[type=file]")
      .setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: makePng(64, 36) });
    await page.getByText("Video thumbnail updated successfully").first().waitFor();

    const home = await context.newPage();
    await home.goto(`${running.app.url}/`);
    const hero = home.locator("video[data-slot='hero-video']");
    expect(await hero.getAttribute("src")).toMatch(/^\/uploads\/videos\/hero_video-\d{13}-[a-z0-9]{10}\.mp4$/);
    expect(await hero.getAttribute("poster")).toMatch(
      /^\/uploads\/videos\/hero_video_thumbnail-\d{13}-[a-z0-9]{10}\.png$/,
    );
    expect(await home.getByText("No video has been uploaded yet").count()).toBe(0);
    await context.close();
  });

  it("an admin gets a clear error for an invalid Google Analytics ID, and a refused file keeps the old one", async () => {
    const context = await signedInContext("admin");
    const page = await openHydrated(context, `${running.app.url}/admin/settings`);
    await page.getByLabel("Google Analytics ID").fill("GA-12345");
    await page.getByRole("button", { name: "Save analytics code" }).click();
    const error = page.locator("#google-analytics-id-error");
    await error.waitFor();
    expect(await error.textContent()).toMatch(/^Enter a Google Analytics ID such as G-XXXXXXXXXX/);
    // Said once, under the field: no toast repeats it.
    await expect(page.locator("[data-sonner-toast]").count()).resolves.toBe(0);
    expect(await page.getByLabel("Google Analytics ID").inputValue()).toBe("GA-12345");
    expect(await getSettings(running.db, ["google_analytics_id"])).toEqual({});

    await page.getByLabel("Google Analytics ID").fill("g-abc1234xyz");
    await page.getByRole("button", { name: "Save analytics code" }).click();
    await page.getByText("Setting updated successfully").first().waitFor();
    expect(await getSettings(running.db, ["google_analytics_id"])).toEqual({ google_analytics_id: "G-ABC1234XYZ" });
    expect(await page.locator("#google-analytics-id-error").count()).toBe(0);

    // A PDF dressed as a PNG: the server reads the bytes, refuses it, and the logo stays what it was.
    const before = await getSettings(running.db, ["footer_logo"]);
    await page
      .locator("[data-setting='footer_logo'] input[type=file]")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePdf() });
    await page
      .locator("[data-setting='footer_logo'] [data-slot=field-error]")
      .getByText(/This file is a PDF/)
      .waitFor();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "PDF" }).count()).resolves.toBe(0);
    expect(await getSettings(running.db, ["footer_logo"])).toEqual(before);

    await page.getByLabel("Site title").fill("Acme Growth");
    await page.getByRole("button", { name: "Save site information" }).click();
    await expect.poll(async () => (await getSettings(running.db, ["site_title"])).site_title).toBe("Acme Growth");
    const home = await context.newPage();
    await home.goto(`${running.app.url}/`);
    expect(await home.title()).toMatch(/^Acme Growth \| /);
    await context.close();
  });

  it("editors manage the site's files but not its information, analytics or head code; sales see only their profile, even posting directly", async () => {
    for (const role of ["editor", "sales"] as const) {
      const context = await signedInContext(role);
      const page = await context.newPage();
      await page.goto(`${running.app.url}/admin/settings`);
      await page.getByRole("heading", { name: "Profile" }).waitFor();
      expect(await page.getByRole("heading", { name: "Site Information" }).count()).toBe(0);
      expect(await page.getByRole("heading", { name: "Analytics Code" }).count()).toBe(0);
      // The content settings: the editor's, not sales'.
      expect(await page.getByRole("heading", { name: "Site Logo" }).count()).toBe(role === "editor" ? 1 : 0);
      expect(await page.getByRole("heading", { name: "Video Management" }).count()).toBe(role === "editor" ? 1 : 0);
      await context.close();

      const postSettings = (fields: Record<string, string>) =>
        fetch(`${running.app.url}/admin/settings`, {
          method: "POST",
          redirect: "manual",
          headers: {
            cookie: cookies[role],
            origin: running.app.url,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams(fields),
        });
      for (const intent of ["save-analytics", "save-site-info"]) {
        const saved = await postSettings({
          intent,
          site_title: "Taken over",
          google_analytics_id: "G-EVIL123",
          custom_head_code: "<script>x</script>",
        });
        expect(saved.status, `${role} ${intent}`).toBe(403);
      }

      const body = multipart([
        { name: "bucket", value: "logos" },
        { name: "prefix", value: "header_logo" },
        { name: "file", filename: "x.png", type: "image/png", data: makePng() },
      ]);
      const uploaded = await fetch(`${running.app.url}/admin/uploads`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: cookies[role], origin: running.app.url, "content-type": MULTIPART_TYPE },
        body,
      });
      const removeLogo = () => postSettings({ intent: "remove-file", key: "header_logo" });
      if (role === "sales") {
        const before = await getSettings(running.db, ["header_logo"]);
        expect(uploaded.status).toBe(403);
        expect((await removeLogo()).status).toBe(403);
        expect(await getSettings(running.db, ["header_logo"])).toEqual(before);
      } else {
        expect(uploaded.status).toBe(200);
        const { url } = (await uploaded.json()) as { url: string };
        expect((await getSettings(running.db, ["header_logo"])).header_logo).toBe(url);
        expect((await removeLogo()).status).toBe(200);
        expect(await getSettings(running.db, ["header_logo"])).toEqual({});
      }
    }
    expect((await getSettings(running.db, ["site_title"])).site_title).not.toBe("Taken over");
    expect(await getSettings(running.db, ["custom_head_code"])).toEqual({});
    expect((await getSettings(running.db, ["google_analytics_id"])).google_analytics_id).not.toBe("G-EVIL123");

    // The editor's one right here: blog images.
    const blogImage = await fetch(`${running.app.url}/admin/uploads`, {
      method: "POST",
      headers: { cookie: cookies.editor, origin: running.app.url, "content-type": MULTIPART_TYPE },
      body: multipart([
        { name: "bucket", value: "pdfs" },
        { name: "prefix", value: "blog-images/" },
        { name: "file", filename: "post.png", type: "image/png", data: makePng() },
      ]),
    });
    expect(blogImage.status).toBe(200);
    const { url } = (await blogImage.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/pdfs\/blog-images\/\d{13}-[a-z0-9]{10}\.png$/);
    const image = await fetch(`${running.app.url}${url}`);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
