// Foo.cs
// A counter kept by the demo application.

using System;
using System.Collections.Generic;

namespace Demo;

public class Foo
{
    public int TotalCount;
}

public static class FooFactory
{
    public static Foo Create() => new();
}
