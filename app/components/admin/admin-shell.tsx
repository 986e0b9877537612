import { LogOutIcon, MenuIcon, UserCogIcon } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { NavLink, useLocation, useSubmit } from "react-router";
import { RoleBadge } from "~/components/admin/role-badge";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import type { AdminNavItem } from "~/lib/roles";
import { cn } from "~/lib/utils";

type ShellUser = { email: string; role: string | null };

export function AdminShell({
  user,
  nav,
  children,
}: {
  user: ShellUser;
  nav: AdminNavItem[];
  children: React.ReactNode;
}) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div data-slot="admin-shell" className="flex min-h-screen bg-muted/30">
      <aside className="hidden w-64 shrink-0 border-r bg-sidebar text-sidebar-foreground lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col">
        <SidebarContents user={user} nav={nav} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b bg-background px-4 lg:hidden">
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button variant="outline" size="icon" aria-label="Open menu">
                <MenuIcon />
              </Button>
            </SheetTrigger>
            <SheetContent side="left" className="w-64 p-0">
              <SheetTitle className="sr-only">Admin menu</SheetTitle>
              <SheetDescription className="sr-only">Navigate the admin panel</SheetDescription>
              <SidebarContents user={user} nav={nav} onNavigate={() => setDrawerOpen(false)} />
            </SheetContent>
          </Sheet>
          <span className="font-semibold">Admin Panel</span>
        </header>
        <main id="main" className="flex-1 p-4 sm:p-6 lg:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}

function SidebarContents({ user, nav, onNavigate }: { user: ShellUser; nav: AdminNavItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <div className="flex h-full flex-col">
      <div className="border-b px-4 py-4">
        <p className="font-semibold text-xs text-muted-foreground uppercase tracking-wide">Admin Preview</p>
      </div>
      <nav aria-label="Admin" className="flex-1 space-y-1 overflow-y-auto p-3">
        {nav.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.to === "/admin"}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                "block rounded-md px-3 py-2 font-medium text-sm hover:bg-sidebar-accent hover:text-sidebar-accent-foreground",
                (isActive || (item.to === "/admin" && pathname === "/admin/dashboard")) &&
                  "bg-sidebar-accent text-sidebar-accent-foreground",
              )
            }
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div className="border-t p-3">
        <AccountMenu user={user} onNavigate={onNavigate} />
      </div>
    </div>
  );
}

function AccountMenu({ user, onNavigate }: { user: ShellUser; onNavigate?: () => void }) {
  const submit = useSubmit();
  const initial = user.email.charAt(0).toUpperCase();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-auto w-full justify-start gap-3 px-2 py-2 text-left">
          <Avatar aria-hidden>{initial}</Avatar>
          <span className="flex min-w-0 flex-col items-start gap-1">
            <span className="w-full truncate font-medium text-sm">{user.email}</span>
            <RoleBadge role={user.role} />
          </span>
          <span className="sr-only">, account menu</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" side="top" className="w-56">
        <DropdownMenuLabel className="truncate">{user.email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <NavLink to="/admin/settings" onClick={onNavigate}>
            <UserCogIcon /> Profile &amp; security
          </NavLink>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => submit(null, { method: "post", action: "/admin/logout" })}>
          <LogOutIcon /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
