<?php
declare(strict_types=1);

namespace App\Entity;

class User
{
    private ?string $name = null;

    public function getName(): ?string
    {
        return $this->name;
    }
}
